import type { Invoice } from '@especifica/mf-shared/contracts';
import { LoadingState, QueryView, useApiQuery } from '@especifica/mf-shared/kit';
import { chakra, Text, useTranslation } from '@especifica/mf-shared/ui';
import { useEffect, useState } from 'react';
import { invoiceFile, invoiceFileKey } from '../api/invoices';

/** A blob URL for the Blob, revoked when the Blob changes or the view goes away. */
function useObjectUrl(blob: Blob | undefined): string | null {
  const [url, setUrl] = useState<string | null>(null);
  useEffect(() => {
    if (!blob) return;
    const next = URL.createObjectURL(blob);
    setUrl(next);
    return () => {
      URL.revokeObjectURL(next);
      setUrl(null);
    };
  }, [blob]);
  return url;
}

/**
 * The invoice's file beside its fields: a PDF in a frame, a photo as an image. An NF-e XML is not shown: its lines
 * are the products listed below.
 */
export function InvoiceFilePreview({ invoice }: { invoice: Invoice }) {
  const { t } = useTranslation();
  const query = useApiQuery(invoiceFileKey(invoice.id), () => invoiceFile(invoice), {
    staleTime: Number.POSITIVE_INFINITY,
    silent: true,
  });
  const url = useObjectUrl(query.data);
  const title = t('cms.invoices.file', { number: `${invoice.number}/${invoice.series}` });
  return (
    <QueryView query={query} loading={<LoadingState rows={2} />}>
      {(blob) =>
        !url ? null : blob.type.startsWith('image/') ? (
          <chakra.img
            src={url}
            alt={title}
            maxH="480px"
            w="full"
            objectFit="contain"
            borderWidth="1px"
            borderRadius="card"
          />
        ) : blob.type === 'application/pdf' ? (
          <chakra.iframe
            src={url}
            title={title}
            w="full"
            h={{ base: '360px', md: '480px' }}
            borderWidth="1px"
            borderRadius="card"
          />
        ) : (
          <Text color="muted" fontSize="sm">
            {t('cms.invoices.fileXml')}
          </Text>
        )
      }
    </QueryView>
  );
}
