// The shop selector (spec §2 shop-label chip): site → sport → shop, from v2/sites?with=shops.sports
// shaped by the domain rules (sites without sports dropped, sports de-duplicated, "label, region").
import { useEffect, useId, useRef, useState } from 'react';
import { useStore } from '@nanostores/react';
import type { Shop, Site, Sport } from '~/api/contract/catalogue';
import { locationText, siteSports } from '~/domain/catalogue';
import { setShop, setSite, setSport } from '~/stores/configuration';
import { $sites, loadSites } from './stores/sites';
import { useT } from '~/i18n/client';
import { localizePath, toLocale } from '~/i18n/index';

export default function ShopSelector({ locale, open, onClose }: { locale: string; open: boolean; onClose: () => void }) {
  const t = useT(locale);
  const dialog = useRef<HTMLDialogElement>(null);
  // Unique per selector: the /prenota/ pages show one beside the app bar's (OptionalRoute.astro).
  // (an id must begin with a letter, useId's do not)
  const titleId = `selector-title${useId()}`;
  const sites = useStore($sites);
  const [site, pickSite] = useState<Site | null>(null);
  const [sport, pickSport] = useState<Sport | null>(null);

  useEffect(() => {
    const el = dialog.current;
    if (!el) return;
    if (open && !el.open) el.showModal();
    if (!open && el.open) el.close();
    // Read when first opened; a failed read is tried again when the selector opens again.
    if (open) void loadSites();
  }, [open]);

  const choose = (shop: Shop) => {
    setSite(site);
    setSport(sport);
    setShop(shop);
    onClose();
    location.assign(localizePath(toLocale(locale), `/prenota/${shop.slug}`));
  };

  const shops = site && sport ? site.shops.filter((s) => s.sports.some((x) => x.id === sport.id)) : [];

  return (
    <dialog ref={dialog} className="sheet" aria-labelledby={titleId} onClose={onClose} onCancel={onClose}>
      <div className="sheet__header">
        <h2 id={titleId}>{t('selector.title')}</h2>
        <button type="button" className="icon-button" onClick={onClose} aria-label={t('login.close')}>
          ×
        </button>
      </div>
      {sites === null && <p>{t('selector.loading')}</p>}
      {sites && !site && (
        <fieldset className="choices">
          <legend>{t('selector.site')}</legend>
          {sites.map((s) => (
            <button key={s.slug} type="button" className="choice" onClick={() => pickSite(s)}>
              {locationText(s)}
            </button>
          ))}
        </fieldset>
      )}
      {site && !sport && (
        <fieldset className="choices">
          <legend>{t('selector.sport')}</legend>
          {siteSports(site).map((s) => (
            <button key={s.id} type="button" className="choice" onClick={() => pickSport(s)}>
              {s.name}
            </button>
          ))}
          <button type="button" className="link-button" onClick={() => pickSite(null)}>
            {t('selector.back')}
          </button>
        </fieldset>
      )}
      {site && sport && (
        <fieldset className="choices">
          <legend>{t('selector.shop')}</legend>
          {shops.length === 0 && <p>{t('selector.empty')}</p>}
          {shops.map((s) => (
            <button key={s.id} type="button" className="choice" onClick={() => choose(s)}>
              {s.label}
              <small>{[s.address, s.city].filter(Boolean).join(', ')}</small>
            </button>
          ))}
          <button type="button" className="link-button" onClick={() => pickSport(null)}>
            {t('selector.back')}
          </button>
        </fieldset>
      )}
    </dialog>
  );
}
