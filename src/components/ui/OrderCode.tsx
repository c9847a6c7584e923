// An order's QR code (the number alone, src/domain/order-code.ts), drawn as SVG squares at a size a
// counter's USB scanner reads from a phone's screen, with the number under it as text. The encoder
// (src/domain/order-code-modules.ts, the one the server draws the e-mail's and the PDF's code with)
// loads when the code comes near the screen (on a phone the voucher is below the order's lines):
// it is no part of any page's first load; until it is drawn, the place the code will take stays
// reserved.
import { useEffect, useRef, useState } from 'react';
import { ORDER_CODE_QR } from '~/domain/order-code';
import { whenNearScreen } from './near-screen';
import './OrderCode.css';

/** The squares of the code as one SVG path, and the side of its view box (the code and its margin). */
type Drawn = { path: string; side: number };

async function draw(number: string): Promise<Drawn> {
  const { orderCodeModules } = await import('~/domain/order-code-modules');
  const { dark, size } = orderCodeModules({ number });
  const margin = ORDER_CODE_QR.margin;
  let path = '';
  for (let y = 0; y < size; y++) {
    for (let x = 0; x < size; x++) if (dark[y * size + x]) path += `M${x + margin} ${y + margin}h1v1h-1z`;
  }
  return { path, side: size + 2 * margin };
}

export default function OrderCode({ number, label }: { number: string; label: string }) {
  const [drawn, setDrawn] = useState<Drawn | null>(null);
  const figure = useRef<HTMLElement>(null);
  useEffect(() => {
    let live = true;
    const stop = whenNearScreen(figure.current!, () => {
      // Without the encoder (offline after the page loaded) the number below still says it all.
      draw(number).then(
        (d) => live && setDrawn(d),
        () => undefined,
      );
    });
    return () => {
      live = false;
      stop();
    };
  }, [number]);
  return (
    <figure className="order-code" ref={figure}>
      {drawn ? (
        <svg role="img" aria-label={label} viewBox={`0 0 ${drawn.side} ${drawn.side}`} shapeRendering="crispEdges" data-order-code={number}>
          <rect width={drawn.side} height={drawn.side} fill="#fff" />
          <path d={drawn.path} fill="#000" />
        </svg>
      ) : (
        <span className="order-code-slot" aria-hidden="true" />
      )}
      <figcaption>{number}</figcaption>
    </figure>
  );
}
