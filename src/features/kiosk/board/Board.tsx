// /totem/board: the shop's wall screen. Today's orders in four columns (queue, to
// prepare, handed out today, due back today; src/domain/board.ts decides which), kept current by the
// board store through the shop's realtime channel. Nothing to touch: it connects when it opens,
// says plainly when it is not live, and comes back by itself. Only what a wall may show: order
// number, first name and initial, item count, paid or not.
import { useEffect, useMemo, useSyncExternalStore } from 'react';
import { useStore } from '@nanostores/react';
import type { TFunction } from 'i18next';
import type { BoardOrder } from '~/api/contract/board';
import { BOARD_CARDS_SHOWN, BOARD_COLUMNS, boardName, classifyBoard, numberParts, type BoardColumn } from '~/domain/board';
import { dayToDisplay, romeTime } from '~/domain/dates';
import { $board, $boardReadAt, $boardStatus, connectBoard, type BoardStatus } from './stores/board';
import { useT } from '~/i18n/client';
import { useTotemGuard } from '../shared/useTotemGuard';
import '~/components/ui/controls.css';
import '../shared/kiosk.css';
import './board.css';

export default function Board({ locale }: { locale: string }) {
  const allowed = useTotemGuard();
  const t = useT(locale);
  if (!allowed) return <p aria-busy="true">{t('kiosk.loading')}</p>;
  return <LiveBoard locale={locale} />;
}

const PORTRAIT = '(orientation: portrait)';

/** The screen's orientation, following a wall screen turned (or a window resized). */
function useOrientation(): keyof typeof BOARD_CARDS_SHOWN {
  const portrait = useSyncExternalStore(
    (changed) => {
      const query = matchMedia(PORTRAIT);
      query.addEventListener('change', changed);
      return () => query.removeEventListener('change', changed);
    },
    () => matchMedia(PORTRAIT).matches,
  );
  return portrait ? 'portrait' : 'landscape';
}

function LiveBoard({ locale }: { locale: string }) {
  const t = useT(locale);
  const board = useStore($board);
  const status = useStore($boardStatus);
  const readAt = useStore($boardReadAt);
  const shown = BOARD_CARDS_SHOWN[useOrientation()];
  useEffect(() => connectBoard(), []);
  const columns = useMemo(() => (board ? classifyBoard(board.orders, board.date) : null), [board]);

  return (
    <div className="board" data-status={status}>
      <div className="board__bar">
        {board && <p className="board__day">{t('kiosk.board.day', { date: dayToDisplay(board.date) })}</p>}
        <StatusLine status={status} t={t} />
        {readAt !== null && <p className="board__updated">{t('kiosk.board.updated', { time: romeTime(new Date(readAt)) })}</p>}
      </div>
      {board?.truncated && <p className="notice">{t('kiosk.board.truncated', { count: board.orders.length })}</p>}
      {columns && (
        <div className="board__columns">
          {BOARD_COLUMNS.map((column) => (
            <Column key={column} column={column} orders={columns[column]} shown={shown} t={t} />
          ))}
        </div>
      )}
    </div>
  );
}

/**
 * Live, connecting or reconnecting is a polite status; a refused channel is an alert (spec §8's
 * message). Keyed by kind, so the alert is a new element and is announced when it appears.
 */
function StatusLine({ status, t }: { status: BoardStatus; t: TFunction }) {
  const alert = status === 'unauthorized';
  return (
    <p
      key={alert ? 'alert' : 'status'}
      className="board__status"
      data-status={status}
      role={alert ? 'alert' : 'status'}
      aria-live={alert ? 'assertive' : 'polite'}
    >
      {t(`kiosk.board.status.${status}`)}
    </p>
  );
}

function Column({ column, orders, shown, t }: { column: BoardColumn; orders: BoardOrder[]; shown: number; t: TFunction }) {
  const id = `board-${column}`;
  const hidden = Math.max(0, orders.length - shown);
  // The queue is served in its order; the other columns are sets.
  const List = column === 'queue' ? 'ol' : 'ul';
  return (
    <section className="board__column" data-column={column} aria-labelledby={id}>
      <header className="board__head">
        <h2 id={id}>{t(`kiosk.board.columns.${column}`)}</h2>
        <p className="board__count">
          <span aria-hidden="true">{orders.length}</span>
          <span className="visually-hidden">{t('kiosk.board.orders', { count: orders.length })}</span>
        </p>
      </header>
      {orders.length === 0 ? (
        <p className="board__empty">{t('kiosk.board.empty')}</p>
      ) : (
        <List className="board__list">
          {/* Every card is in the page; those past what the screen holds are hidden and counted below. */}
          {orders.map((order, i) => (
            <Card key={order.id} order={order} column={column} hidden={i >= shown} t={t} />
          ))}
        </List>
      )}
      {hidden > 0 && <p className="board__more">{t('kiosk.board.more', { count: hidden })}</p>}
    </section>
  );
}

/** What the column adds to a card: when it was queued or handed out, or how much is still out. */
function detail(order: BoardOrder, column: BoardColumn, t: TFunction): string | null {
  if (column === 'queue' && order.queued_at) return t('kiosk.board.queuedAt', { time: romeTime(order.queued_at) });
  if (column === 'delivered' && order.delivered_at) return t('kiosk.board.deliveredAt', { time: romeTime(order.delivered_at) });
  if (column === 'returns') return t('kiosk.board.out', { count: order.units_out });
  return null;
}

function Card({ order, column, hidden, t }: { order: BoardOrder; column: BoardColumn; hidden: boolean; t: TFunction }) {
  const { lead, tail } = numberParts(order.number);
  const extra = detail(order, column, t);
  return (
    <li className="board__card" data-order={order.number} hidden={hidden}>
      <span className="board__top">
        <span className="board__number">
          <span className="board__number-lead">{lead}</span>
          {tail}
        </span>
        <span className="board__badge" data-paid={order.paid}>
          {order.paid ? t('kiosk.board.paid') : t('kiosk.board.unpaid')}
        </span>
      </span>
      <span className="board__name">{boardName(order)}</span>
      <span className="board__meta">
        {t('kiosk.board.items', { count: order.items })}
        {extra && ` · ${extra}`}
      </span>
    </li>
  );
}
