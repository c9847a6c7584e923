// The cash desk's payment terminal as this kiosk is set up (stores/desk-charge.ts, desk-receipt.ts,
// cashier.ts): the orchestrator's host or the fake-POS switch (only where the server allows it), and
// the client's dependencies. A terminal failure is what staff see: the orchestrator's notes as written,
// or one of the client's own message keys (api/pos.ts TerminalMessages) that the screens translate.
import { postPosLog } from '~/api/cash-desk';
import type { TerminalDeps, TerminalSettings } from '~/api/pos';
import { simulatedPosAllowed } from '~/domain/terminal';
import { loadApi } from '~/stores/api-loader';
import { $configuration } from '~/stores/configuration';
import { $kioskDevice } from '~/stores/kiosk-device';

const sleep = (ms: number) => new Promise<void>((resolve) => setTimeout(resolve, ms));

export function terminalSettings(): TerminalSettings {
  const totem = $configuration.get().totem;
  return { pos: totem?.pos ?? null, fakePos: $kioskDevice.get().fakePos && simulatedPosAllowed(totem) };
}

export function terminalDeps(): TerminalDeps {
  return {
    fetch: (...args) => fetch(...args),
    sleep,
    now: () => new Date(),
    postPosLog: async (log) => postPosLog(await loadApi(), log),
  };
}

