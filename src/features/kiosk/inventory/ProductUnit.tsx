// One unit's page (/totem/products/{internal_code}, admin totems): its product and model, where it
// is (with the order it is out for), its problems (open and resolved), its history of hand-outs
// and returns with their orders (linking to the cash desk), unlocking it (after a question) and
// reporting a problem. State and requests live in stores/inventory; this renders and dispatches.
import { ScrollTable } from '~/components/ui/ScrollTable';
import { useEffect, useRef, useState } from 'react';
import { useStore } from '@nanostores/react';
import type { TFunction } from 'i18next';
import type { UnitDetail, UnitProblem } from '~/api/inventory';
import { dayToDisplay } from '~/domain/dates';
import { formatDateTime } from '~/domain/format';
import { cashDeskOrderPath, unitStatusKey } from '~/domain/inventory';
import { TotemPages } from '~/domain/kiosk';
import { localizePath, type Locale } from '~/i18n/index';
import { $productUnit, openProductUnit, unlockInventoryUnit } from './stores/inventory';
import ConfirmDialog from '~/components/ui/ConfirmDialog';
import { dayLabels } from './InventoryTables';
import { UnitProblemForm } from './UnitProblem';
import { errorMessage } from '~/api/errors';
import { noticeText } from '~/stores/notifications';

type Outcome = { text: string; ok: boolean } | null;

export default function ProductUnit({ t, lang, code }: { t: TFunction; lang: Locale; code: string }) {
  const view = useStore($productUnit);
  const [asking, setAsking] = useState(false);
  const [outcome, setOutcome] = useState<Outcome>(null);
  const title = useRef<HTMLHeadingElement>(null);

  useEffect(() => {
    const abort = new AbortController();
    void openProductUnit(code, abort.signal);
    return () => abort.abort();
  }, [code]);

  const back = (
    <p>
      <a className="button button--secondary" href={localizePath(lang, TotemPages.INVENTORY)}>
        ← {t('kiosk.products.inventory')}
      </a>
    </p>
  );
  if (!view || view.state === 'loading') return <p aria-busy="true">{t('kiosk.loading')}</p>;
  if (view.state === 'missing' || view.state === 'error' || !view.unit) {
    return (
      <>
        <p role="alert" className="error">
          {view.state === 'missing' ? t('kiosk.products.notFound', { code: view.code }) : t('kiosk.products.error', { message: view.error ? noticeText(view.error, t) : '' })}
        </p>
        {back}
      </>
    );
  }
  const unit = view.unit;

  async function unlock() {
    try {
      await unlockInventoryUnit(unit.internal_code);
      setOutcome({ text: t('kiosk.inventory.unlocked', { code: unit.internal_code }), ok: true });
    } catch (err) {
      setOutcome({ text: t('kiosk.inventory.unlockFailed', { code: unit.internal_code, message: noticeText(errorMessage(err), t) }), ok: false });
    }
    // The unlock button is gone: the focus goes to the unit's title, not to the page's top.
    title.current?.focus();
  }

  return (
    <article className="product-unit" aria-labelledby="product-unit-title">
      {back}
      <h2 id="product-unit-title" ref={title} tabIndex={-1}>
        {t('kiosk.products.unit', { code: unit.internal_code })}
      </h2>
      <div className="product-unit__grid">
        <div>
          <UnitFacts t={t} lang={lang} unit={unit} />
          <p role="status" className={outcome ? (outcome.ok ? 'success' : 'error') : undefined}>
            {outcome?.text}
          </p>
          {unit.locked && (
            <p>
              <button type="button" className="button button--danger" onClick={() => setAsking(true)}>
                {t('kiosk.inventory.unlock')}
              </button>
            </p>
          )}
        </div>
        <section className="product-unit__report" aria-labelledby="product-unit-report">
          <h3 id="product-unit-report">{t('kiosk.inventory.report')}</h3>
          <UnitProblemForm t={t} unit={unit} id="product-unit-problem" onReported={(text) => setOutcome({ text, ok: true })} />
        </section>
      </div>
      <Problems t={t} code={unit.internal_code} problems={view.problems} />
      <History t={t} lang={lang} unit={unit} />
      <ConfirmDialog
        open={asking}
        title={t('kiosk.inventory.unlockTitle', { code: unit.internal_code })}
        text={t('kiosk.inventory.unlockText')}
        confirmLabel={t('kiosk.inventory.unlockConfirm')}
        cancelLabel={t('kiosk.inventory.cancel')}
        onConfirm={() => {
          setAsking(false);
          void unlock();
        }}
        onCancel={() => setAsking(false)}
      />
    </article>
  );
}

function UnitFacts({ t, lang, unit }: { t: TFunction; lang: Locale; unit: UnitDetail }) {
  return (
    <dl className="kiosk-facts">
      <dt>{t('kiosk.products.product')}</dt>
      <dd>{unit.product.label}</dd>
      <dt>{t('kiosk.products.model')}</dt>
      <dd>{unit.product_model}</dd>
      {unit.size && (
        <>
          <dt>{t('kiosk.products.size')}</dt>
          <dd>{unit.size}</dd>
        </>
      )}
      <dt>{t('kiosk.products.state')}</dt>
      <dd>
        <span className={`unit-state unit-state--${unit.status}`}>{t(unitStatusKey(unit.status))}</span>
        {unit.out?.overdue && <span className="unit-state unit-state--overdue">{t('kiosk.inventory.overdue')}</span>}
      </dd>
      {unit.out && (
        <>
          <dt>{t('kiosk.products.outFor')}</dt>
          <dd>
            <a href={localizePath(lang, cashDeskOrderPath(unit.out))}>{t('kiosk.inventory.outFor', { number: unit.out.order_number })}</a>{' '}
            <span className="muted">
              {t('kiosk.products.since', { date: formatDateTime(unit.out.datetime_delivery, new Date(), dayLabels(t)), until: dayToDisplay(unit.out.date_to) })}
            </span>
          </dd>
        </>
      )}
    </dl>
  );
}

function Problems({ t, code, problems }: { t: TFunction; code: string; problems: readonly UnitProblem[] }) {
  const when = (iso: string) => formatDateTime(iso, new Date(), dayLabels(t));
  return (
    <section aria-labelledby="product-unit-problems">
      <h3 id="product-unit-problems">{t('kiosk.products.problems')}</h3>
      {problems.length === 0 ? (
        <p>{t('kiosk.products.noProblems')}</p>
      ) : (
        <ScrollTable
          label={t('kiosk.products.problemsCaption', { code })}
          className="orders unit-table"
          columns={[t('kiosk.inventory.description'), t('kiosk.products.reportedAt'), t('kiosk.products.resolvedAt')]}
        >
          {problems.map((p) => (
            <tr key={p.id} className={p.resolved_at ? undefined : 'unit-table__open'}>
              <td>{p.description}</td>
              <td>{when(p.created_at)}</td>
              <td>{p.resolved_at ? when(p.resolved_at) : <strong>{t('kiosk.products.stillOpen')}</strong>}</td>
            </tr>
          ))}
        </ScrollTable>
      )}
    </section>
  );
}

function History({ t, lang, unit }: { t: TFunction; lang: Locale; unit: UnitDetail }) {
  const when = (iso: string | null) => (iso ? formatDateTime(iso, new Date(), dayLabels(t)) : '');
  return (
    <section aria-labelledby="product-unit-history">
      <h3 id="product-unit-history">{t('kiosk.products.history')}</h3>
      {unit.history.length === 0 ? (
        <p>{t('kiosk.products.noHistory')}</p>
      ) : (
        <ScrollTable
          label={t('kiosk.products.historyCaption', { code: unit.internal_code })}
          className="orders unit-table"
          columns={[t('kiosk.products.order'), t('kiosk.products.handedOut'), t('kiosk.products.returned'), t('kiosk.products.line')]}
        >
          {unit.history.map((h) => (
            <tr key={h.delivery_detail_id}>
              <th scope="row">
                <a href={localizePath(lang, cashDeskOrderPath(h))}>{h.order_number}</a>
              </th>
              <td>{when(h.datetime_delivery)}</td>
              <td>{h.datetime_return ? when(h.datetime_return) : t('kiosk.products.notReturned')}</td>
              <td>{h.id_order_detail ? t('kiosk.products.orderLine') : t('kiosk.products.extraLine')}</td>
            </tr>
          ))}
        </ScrollTable>
      )}
    </section>
  );
}
