// The shop's sports as ARIA tabs (one panel shown at a time): the gear page of a shop renting six
// sports was a 6,600 px list on a phone. Arrow keys move between tabs and show the panel at once
// (the panel is light, nothing to fetch); Home and End go to the first and last.
import { useRef, type KeyboardEvent, type ReactNode } from 'react';

export interface SportTab {
  id: number;
  label: string;
}

/** Id of the panel a tab controls, for the panel's own `id`. */
export const sportPanelId = (id: number) => `sport-panel-${id}`;
export const sportTabId = (id: number) => `sport-tab-${id}`;

export default function SportTabs({ tabs, selected, onSelect, label, children }: { tabs: SportTab[]; selected: number; onSelect: (id: number) => void; label: string; children: ReactNode }) {
  const list = useRef<HTMLDivElement>(null);
  const move = (event: KeyboardEvent, index: number) => {
    const last = tabs.length - 1;
    const to = { ArrowRight: index + 1 > last ? 0 : index + 1, ArrowLeft: index - 1 < 0 ? last : index - 1, Home: 0, End: last }[event.key];
    if (to === undefined) return;
    event.preventDefault();
    onSelect(tabs[to]!.id);
    list.current?.querySelectorAll<HTMLButtonElement>('[role="tab"]')[to]?.focus();
  };
  return (
    <>
      {tabs.length > 1 && (
        <div ref={list} role="tablist" aria-label={label} className="sport-tabs">
          {tabs.map((tab, i) => (
            <button
              key={tab.id}
              type="button"
              role="tab"
              id={sportTabId(tab.id)}
              aria-selected={tab.id === selected}
              aria-controls={sportPanelId(tab.id)}
              tabIndex={tab.id === selected ? 0 : -1}
              className="chip"
              onClick={() => onSelect(tab.id)}
              onKeyDown={(e) => move(e, i)}
            >
              {tab.label}
            </button>
          ))}
        </div>
      )}
      {children}
    </>
  );
}
