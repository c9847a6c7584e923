// The order's lines per person at the delivery counter: what each line got (or is about to get),
// its state, and the reset of a line already out. Render only.
import { ScrollTable } from '~/components/ui/ScrollTable';
import type { TFunction } from 'i18next';
import { linesByPerson, unitCodeOf, type DeliveryLine, type DeliveryScan } from '~/domain/delivery';
import { measuresText } from '~/domain/person-measures';

interface Props {
  t: TFunction;
  lines: DeliveryLine[];
  scans: DeliveryScan[];
  /** Lines whose delivery waits in the outbox. */
  sendingLineIds: ReadonlySet<number>;
  onReset: (deliveryDetailId: number, code: string) => void;
}

export const personTitle = (t: TFunction, person: number, name: string) =>
  name ? t('kiosk.delivery.personNamed', { n: person + 1, name }) : t('kiosk.delivery.person', { n: person + 1 });

export default function DeliveryLines({ t, lines, scans, sendingLineIds, onReset }: Props) {
  return (
    <div className="delivery-people">
      {linesByPerson(lines).map((group) => {
        const first = group[0]!;
        const title = personTitle(t, first.person, first.personName);
        const measures = measuresText(t, first.personMeasures);
        return (
          <ScrollTable
            key={first.person}
            label={title}
            className="delivery-lines"
            columns={[t('kiosk.delivery.table.product'), t('kiosk.delivery.table.unit'), t('kiosk.delivery.table.state'), t('kiosk.delivery.table.actions')]}
            caption={
              <>
                {title}
                {/* What the technician picks the boots and sets the bindings by, beside the lines. */}
                {measures && <span className="person-measures">{measures}</span>}
              </>
            }
          >
            {group.map((line) => {
              const scan = scans.find((s) => s.lineId === line.id);
              const sending = sendingLineIds.has(line.id) && line.status === 'todo';
              const state = scan ? 'scanned' : sending ? 'sending' : line.status;
              const code = scan?.code ?? (line.handOut ? unitCodeOf(line.handOut) : '');
              return (
                <tr key={line.id} className={`delivery-line delivery-line--${state}`} data-line={line.id}>
                  <th scope="row">
                    {line.productLabel}
                    {line.size && <span> · {t('kiosk.delivery.size', { size: line.size })}</span>}
                    {line.isAddOn && <span className="muted"> · {t('kiosk.delivery.addOn')}</span>}
                  </th>
                  <td>
                    {code || '—'}
                    {scan?.forced && <span className="muted"> · {t('kiosk.delivery.forcedMark', { reason: scan.reason })}</span>}
                    {!scan && line.handOut?.forced && <span className="muted"> · {t('kiosk.delivery.forced')}</span>}
                  </td>
                  <td>
                    <span className={`badge delivery-state delivery-state--${state}`}>{t(`kiosk.delivery.status.${state}`)}</span>
                  </td>
                  <td>
                    {line.status === 'out' && line.handOut && !scan && (
                      <button type="button" className="button button--secondary" onClick={() => onReset(line.handOut!.id, code)}>
                        {t('kiosk.delivery.reset', { code })}
                      </button>
                    )}
                  </td>
                </tr>
              );
            })}
          </ScrollTable>
        );
      })}
    </div>
  );
}
