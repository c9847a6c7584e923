// The cash desk's payment terminal as this kiosk is set up (stores/cash-desk.ts, stores/cashier.ts):
// the orchestrator's host or the fake-POS switch (only where the server allows it), and the
// client's dependencies with its texts in the page's language.
import { postPosLog } from '../../../../api/cash-desk';
import type { Totem } from '../../../../api/contract/kiosk';
import { pageLocale } from '../../../../api/instance';
import type { TerminalDeps, TerminalSettings } from '../../../../api/pos';
import { loadT } from '../../../../i18n/client';
import { $configuration } from '../../../../stores/configuration';
import { $kioskDevice } from '../../../../stores/kiosk-device';

const sleep = (ms: number) => new Promise<void>((resolve) => setTimeout(resolve, ms));

export async function translate() {
  return loadT(pageLocale());
}

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
  const t = await translate();
  return {
    fetch: (...args) => fetch(...args),
    sleep,
    now: () => new Date(),
    postPosLog,
    messages: { unreachable: t('kiosk.pos.unreachable'), failed: t('kiosk.pos.failed'), notConfigured: t('kiosk.pos.notConfigured') },
  };
}
