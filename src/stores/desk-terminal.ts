// The cash desk's payment terminal as this kiosk is set up (stores/cash-desk.ts, stores/cashier.ts):
// the orchestrator's host or the fake-POS switch, and the client's dependencies with its texts in
// the page's language.
import { postPosLog } from '../api/cash-desk';
import { pageLocale } from '../api/instance';
import type { TerminalDeps, TerminalSettings } from '../api/pos';
import { loadT } from '../i18n/client';
import { $configuration } from './configuration';
import { $kioskDevice } from './kiosk-device';

const sleep = (ms: number) => new Promise<void>((resolve) => setTimeout(resolve, ms));

export async function translate() {
  return loadT(pageLocale());
}

export function terminalSettings(): TerminalSettings {
  return { pos: $configuration.get().totem?.pos ?? null, fakePos: $kioskDevice.get().fakePos };
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
