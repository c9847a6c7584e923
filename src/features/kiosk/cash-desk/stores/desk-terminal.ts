// The cash desk's payment terminal as this kiosk is set up (stores/cash-desk.ts, stores/cashier.ts):
// the orchestrator's host or the fake-POS switch (only where the server allows it), and the
// client's dependencies. Its three texts of its own (no answer, a failure without notes, no terminal
// configured) are loaded here in the page's language: they become the terminal's error message,
// which the payment keeps in storage with the orchestrator's own notes and the screens show as
// written, so they cannot wait to be translated by the island. The notices are keys, as elsewhere.
import { postPosLog } from '../../../../api/cash-desk';
import type { Totem } from '../../../../api/contract/kiosk';
import type { TerminalDeps, TerminalSettings } from '../../../../api/pos';
import { loadT } from '../../../../i18n/client';
import { pageLocale } from '../../../../stores/api';
import { loadApi } from '../../../../stores/api-loader';
import { $configuration } from '../../../../stores/configuration';
import { $kioskDevice } from '../../../../stores/kiosk-device';

const sleep = (ms: number) => new Promise<void>((resolve) => setTimeout(resolve, ms));

/**
 * The server takes payments of the fake POS (demo mode only; its settings say so). Elsewhere the
 * configuration does not offer the switch and a switch stored on the device is ignored: the fake POS
 * would record payments with no card charged.
 */
export function simulatedPosAllowed(totem: Totem | null | undefined = $configuration.get().totem): boolean {
  return totem?.simulated_pos_allowed === true;
}

export function terminalSettings(): TerminalSettings {
  const totem = $configuration.get().totem;
  return { pos: totem?.pos ?? null, fakePos: $kioskDevice.get().fakePos && simulatedPosAllowed(totem) };
}

export async function terminalDeps(): Promise<TerminalDeps> {
  const t = await loadT(pageLocale());
  return {
    fetch: (...args) => fetch(...args),
    sleep,
    now: () => new Date(),
    postPosLog: async (log) => postPosLog(await loadApi(), log),
    messages: { unreachable: t('kiosk.pos.unreachable'), failed: t('kiosk.pos.failed'), notConfigured: t('kiosk.pos.notConfigured') },
  };
}
