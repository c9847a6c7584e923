// The /download page's island: the voucher of the order in the e-mail's link starts downloading by
// itself; the page says so and offers it again, or says the link is wrong or its order cancelled
// (stores/voucher.ts).
// Its strings come from the page (utilityPages.download, a static page's section that the
// storefront's message chunk does not carry).
import { useEffect, useRef } from 'react';
import { useStore } from '@nanostores/react';
import { $voucherDownload, downloadVoucher } from '../shared/stores/voucher';

export interface VoucherDownloadMessages {
  noOrder: string;
  preparing: string;
  started: string;
  again: string;
  invalid: string;
  cancelled: string;
  failed: string;
  retry: string;
}

export default function VoucherDownload({ messages }: { messages: VoucherDownloadMessages }) {
  const download = useStore($voucherDownload);
  const link = useRef<HTMLAnchorElement>(null);
  useEffect(() => {
    void downloadVoucher(location.search);
  }, []);
  const url = download.state === 'ready' ? download.url : null;
  // The file goes to the browser once, as soon as it is here; the link stays for another copy.
  useEffect(() => {
    if (url) link.current?.click();
  }, [url]);

  switch (download.state) {
    case 'loading':
      return <p aria-busy="true">{messages.preparing}</p>;
    case 'missing':
      return <p>{messages.noOrder}</p>;
    case 'invalid':
      return <p role="alert">{messages.invalid}</p>;
    case 'cancelled':
      return <p role="alert">{messages.cancelled}</p>;
    case 'failed':
      return (
        <>
          <p role="alert">{messages.failed}</p>
          <button type="button" className="button" onClick={() => void downloadVoucher(location.search)}>
            {messages.retry}
          </button>
        </>
      );
    case 'ready':
      return (
        <>
          <p role="status">{messages.started}</p>
          <a ref={link} className="button" href={download.url} download={download.fileName}>
            {messages.again}
          </a>
        </>
      );
  }
}
