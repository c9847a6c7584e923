// The live board's state: today's board as the API answers it, and whether the wall is
// live. connectBoard() reads the board, then follows the shop's channel (shared/stores/shop-channel.ts,
// the cash desk's and the counter's lists follow it the same way) and reads it again whenever an
// order event arrives, whenever the channel is (re)subscribed, and, while not live, now and then.
import { atom } from 'nanostores';
import type { Board } from '~/api/contract/board';
import { fetchBoard } from '~/api/board';
import { loadApi } from '~/stores/api-loader';
import { createCoalescedReader, followShopChannel, type ChannelStatus, type PageAddress } from '~/features/kiosk/shared/stores/shop-channel';

/** connecting: first contact; live: subscribed; offline: the socket is down (reconnecting); unauthorized: channel refused. */
export type BoardStatus = ChannelStatus;

export const $board = atom<Board | null>(null);
export const $boardStatus = atom<BoardStatus>('connecting');
/** When the board was last read (epoch ms), for the wall's "updated at". */
export const $boardReadAt = atom<number | null>(null);
/**
 * A read of the board is under way or coming (an event's coalescing window): a positive signal
 * that the reads asked for so far are over, so a test need not wait a fixed time for them.
 */
export const $boardReading = atom(false);

/**
 * Starts the board: reads it, follows the shop's channel and keeps the board current until the
 * returned function is called (the island's cleanup), which disconnects. No answer (fetchBoard
 * gives up on a hung read, BOARD_READ_TIMEOUT_MS): the wall keeps the last board, says it is not
 * live, and the next event or poll reads again.
 */
export function connectBoard(apiAddress?: PageAddress): () => void {
  const reader = createCoalescedReader(
    async () => fetchBoard(await loadApi()),
    (board) => {
      $board.set(board);
      $boardReadAt.set(Date.now());
    },
    $boardReading,
  );
  reader.request();
  const unfollow = followShopChannel({ status: $boardStatus, onChange: reader.request, apiAddress });
  return () => {
    reader.stop();
    unfollow();
  };
}
