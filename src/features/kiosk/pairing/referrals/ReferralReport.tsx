// "Orders by referral" on an admin kiosk's configuration page: a period of Rome days, the shop's
// orders and totals per referral in it, and the rows as a CSV file. State and the request:
// ./stores/referral-report.ts; the rows and the CSV: src/domain/referrals.ts.
import { ScrollTable } from '~/components/ui/ScrollTable';
import { useEffect, useMemo, useState } from 'react';
import { useStore } from '@nanostores/react';
import { formatCurrency } from '~/domain/format';
import { referralReportCsv, referralReportFileName } from '~/domain/referrals';
import { useT } from '~/i18n/client';
import { $referralReport, loadReferralReport } from './stores/referral-report';

export default function ReferralReport({ locale }: { locale: string }) {
  const t = useT(locale);
  const { state, report, errors, ...period } = useStore($referralReport);
  const [from, setFrom] = useState(period.from);
  const [to, setTo] = useState(period.to);

  useEffect(() => {
    void loadReferralReport(period.from, period.to);
    // The period on screen when the section opens; later ones are asked by the form.
  }, []);

  // The file the link downloads: the rows on screen, written as the API's export writes them.
  const download = useMemo(() => {
    if (!report) return null;
    const csv = referralReportCsv(report, { ref: t('kiosk.referrals.ref'), orders: t('kiosk.referrals.orders'), total: t('kiosk.referrals.total') });
    return { href: URL.createObjectURL(new Blob([csv], { type: 'text/csv;charset=utf-8' })), name: referralReportFileName(report.from, report.to) };
  }, [report, t]);
  useEffect(() => {
    if (download) return () => URL.revokeObjectURL(download.href);
  }, [download]);

  const field = (name: 'from' | 'to', value: string, set: (v: string) => void) => (
    <div className="field">
      <label htmlFor={`referrals-${name}`}>{t(`kiosk.referrals.${name}`)}</label>
      <input
        id={`referrals-${name}`}
        type="date"
        required
        value={value}
        onChange={(e) => set(e.target.value)}
        aria-invalid={!!errors[name]}
        aria-describedby={`referrals-${name}-error`}
      />
      <p id={`referrals-${name}-error`} className="field__error">
        {errors[name]?.join(' ')}
      </p>
    </div>
  );

  return (
    <section aria-labelledby="config-referrals" aria-busy={state === 'loading'}>
      <h2 id="config-referrals">{t('kiosk.referrals.title')}</h2>
      <p>{t('kiosk.referrals.intro')}</p>
      <form
        className="kiosk-search"
        onSubmit={(event) => {
          event.preventDefault();
          void loadReferralReport(from, to);
        }}
      >
        {field('from', from, setFrom)}
        {field('to', to, setTo)}
        <button type="submit" className="button">
          {t('kiosk.referrals.show')}
        </button>
      </form>
      <div aria-live="polite">
        {state === 'loading' && <p>{t('kiosk.referrals.loading')}</p>}
        {state === 'error' && Object.keys(errors).length === 0 && (
          <p className="error" role="alert">
            {t('kiosk.referrals.error')}
          </p>
        )}
        {report && report.rows.length === 0 && <p>{t('kiosk.referrals.none')}</p>}
        {report && report.rows.length > 0 && (
          <ScrollTable
            label={t('kiosk.referrals.title')}
            className="orders"
            columns={[t('kiosk.referrals.ref'), t('kiosk.referrals.orders'), t('kiosk.referrals.total')]}
            foot={
              <tfoot>
                <tr>
                  <th scope="row">{t('kiosk.referrals.sum')}</th>
                  <td>{report.orders}</td>
                  <td className="orders__amount">{formatCurrency(report.total_amount)}</td>
                </tr>
              </tfoot>
            }
          >
            {report.rows.map((row) => (
              <tr key={row.ref}>
                <th scope="row">{row.ref}</th>
                <td>{row.orders}</td>
                <td className="orders__amount">{formatCurrency(row.total_amount)}</td>
              </tr>
            ))}
          </ScrollTable>
        )}
      </div>
      {download && report && report.rows.length > 0 && (
        <p>
          <a className="button button--secondary" href={download.href} download={download.name}>
            {t('kiosk.referrals.download')}
          </a>
        </p>
      )}
    </section>
  );
}
