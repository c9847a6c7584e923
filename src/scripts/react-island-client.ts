// Astro's React renderer for the browser, with every island wrapped in IslandBoundary. Every
// island is hydrated or mounted through this entrypoint (astro.config.mjs points
// `@astrojs/react/client.js` here), so no island can forget its boundary. The boundary renders no
// element of its own, so the server HTML of a `client:lazy` island still matches at hydration.
import { createElement, type ComponentType } from 'react';
import reactClient from '@astrojs/react/client.js';
import IslandBoundary from '../components/ui/IslandBoundary';

type Render = ReturnType<typeof reactClient>;
type Props = Record<string, unknown> & { locale?: string };

const wrapped = new WeakMap<ComponentType<Props>, ComponentType<Props>>();

/** The island component inside the boundary; the same wrapper each time, so React keeps its state. */
function withBoundary(Island: ComponentType<Props>): ComponentType<Props> {
  let Wrapped = wrapped.get(Island);
  if (!Wrapped) {
    Wrapped = (props: Props) =>
      createElement(IslandBoundary, { locale: typeof props.locale === 'string' ? props.locale : undefined }, createElement(Island, props));
    wrapped.set(Island, Wrapped);
  }
  return Wrapped;
}

export default (element: HTMLElement): Render => {
  const render = reactClient(element);
  return (Component, props, slots, metadata) => render(withBoundary(Component as ComponentType<Props>), props, slots, metadata);
};
