// The totem footer (spec §2 totem layout), on every page of a kiosk: the totem code, which opens
// the configuration after five taps within 30 s and the password (spec §4: a single tap follows
// nothing, the link is no way around the password); the kiosk sheet with the pages this totem's
// type may use; on a public kiosk, the return to the start screen when nobody uses it.
// Renders nothing on any other browser.
import { useEffect, useRef, useState } from "react";
import { useStore } from "@nanostores/react";
import { $configuration } from "~/stores/configuration";
import {
  $kioskDevice,
  kioskHomePath,
  kioskIdleTimeout,
  resetIdleKiosk,
  unlockConfiguration,
  watchIdle,
} from "~/stores/kiosk";
import { TotemPages, TotemTypes } from "~/domain/kiosk";
import { initialTapState, kioskSheetPages, tapCounter, type TapState } from "~/domain/kiosk-screens";
import { useT } from "~/i18n/client";
import { localizePath, splitLocale, toLocale } from "~/i18n/index";
import { DEFAULT_LOCALE } from "~/domain/locales";
import KioskPasswordDialog from "./KioskPasswordDialog";
import KioskOutboxBanner from "./KioskOutboxBanner";
import { $kioskUpdateReady } from "./stores/kiosk-update";
import { useHydrated } from "~/components/ui/useHydrated";
import { pageTitleKey } from "./kiosk-pages";
import "./kiosk.css";

export default function KioskFooter({ locale }: { locale: string }) {
  const t = useT(locale);
  const lang = toLocale(locale);
  const hydrated = useHydrated();
  const configuration = useStore($configuration);
  const device = useStore($kioskDevice);
  const updateReady = useStore($kioskUpdateReady);
  const totem = hydrated ? configuration.totem : null;
  const taps = useRef<TapState>(initialTapState);
  const [passwordOpen, setPasswordOpen] = useState(false);
  const [sheetOpen, setSheetOpen] = useState(false);
  const sheet = useRef<HTMLDialogElement>(null);

  useEffect(() => {
    const el = sheet.current;
    if (!el) return;
    if (sheetOpen && !el.open) el.showModal();
    if (!sheetOpen && el.open) el.close();
  }, [sheetOpen]);

  const isPublic = totem?.type === TotemTypes.PUBLIC;
  useEffect(() => {
    if (!isPublic) return;
    return watchIdle(window, kioskIdleTimeout, () => {
      const { locale, path } = splitLocale(location.pathname);
      const target = resetIdleKiosk(path, locale);
      if (target) location.assign(localizePath(DEFAULT_LOCALE, target));
    });
  }, [isPublic]);

  if (!totem) return null;
  const shop = device.shop ?? configuration.shop;
  const pages = kioskSheetPages(totem);
  const home = kioskHomePath();

  return (
    <>
      <KioskOutboxBanner t={t} />
      <footer className="kiosk-footer" aria-label={t("kiosk.footer.label")}>
        <a
          className="kiosk-footer__code"
          href={localizePath(lang, TotemPages.CONFIGURATION)}
          aria-label={t("kiosk.footer.code", { code: totem.code })}
          onClick={(event) => {
            event.preventDefault();
            taps.current = tapCounter(taps.current, Date.now());
            if (taps.current.open) setPasswordOpen(true);
          }}
        >
          {totem.code}
        </a>
        {shop && <span className="kiosk-footer__shop">{shop.label}</span>}
        {updateReady && (
          <span role="status" className="kiosk-footer__update">
            {t("kiosk.footer.updateReady")}
          </span>
        )}
        {pages.length > 0 && (
          <button
            type="button"
            className="button kiosk-footer__menu"
            aria-haspopup="dialog"
            onClick={() => setSheetOpen(true)}
          >
            {t("kiosk.sheet.open")}
          </button>
        )}
        <dialog
          ref={sheet}
          className="sheet kiosk-sheet"
          aria-labelledby="kiosk-sheet-title"
          onClose={() => setSheetOpen(false)}
          onCancel={() => setSheetOpen(false)}
        >
          <div className="sheet__header">
            <h2 id="kiosk-sheet-title">{t("kiosk.sheet.title")}</h2>
            <button
              type="button"
              className="icon-button"
              onClick={() => setSheetOpen(false)}
              aria-label={t("kiosk.sheet.close")}
            >
              ×
            </button>
          </div>
          <nav aria-labelledby="kiosk-sheet-title">
            <ul className="kiosk-sheet__list">
              {pages.map((page) => (
                <li key={page}>
                  <a
                    className="button button--block"
                    href={localizePath(lang, page)}
                  >
                    {t(pageTitleKey(page))}
                  </a>
                </li>
              ))}
              {shop && home !== `/prenota/${shop.slug}` && (
                <li>
                  <a
                    className="button button--block button--secondary"
                    href={localizePath(lang, `/prenota/${shop.slug}`)}
                  >
                    {t("kiosk.sheet.newBooking")}
                  </a>
                </li>
              )}
            </ul>
          </nav>
        </dialog>
        <KioskPasswordDialog
          locale={locale}
          open={passwordOpen}
          onClose={() => setPasswordOpen(false)}
          onConfirm={async (password) => {
            if (!(await unlockConfiguration(password))) return false;
            location.assign(localizePath(lang, TotemPages.CONFIGURATION));
            return true;
          }}
        />
      </footer>
    </>
  );
}
