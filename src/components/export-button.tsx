import { Button } from '@mantine/core';
import { IconDownload } from '@tabler/icons-react';
import { useState } from 'react';
import { useTranslation } from 'react-i18next';
import { api } from '@/lib/api-client';
import { definedParams } from '@/lib/list-params';
import { toast } from '@/lib/toast';

interface ExportButtonProps {
  /** The export's API path, e.g. `api/v1/complaints.csv`. */
  path: string;
  /** The list's filters and sort (not its page: the export has every matching row). */
  searchParams: Record<string, string | number | undefined>;
  /** The name to save under when the server names none. */
  fileName: string;
  /** The button's words, when it exports less than the whole list (the ticked rows). */
  label?: string;
  size?: 'sm' | 'compact-sm';
}

/** The file name in `Content-Disposition`, if any. */
const nameIn = (disposition: string | null) => /filename="([^"]+)"/.exec(disposition ?? '')?.[1];

/**
 * Downloads every row the list's filters select, as CSV written by the server in the user's
 * language and time zone. Signed in through the API client, then saved from memory.
 */
export function ExportButton({ path, searchParams, fileName, label, size = 'sm' }: ExportButtonProps) {
  const { t, i18n } = useTranslation();
  const [busy, setBusy] = useState(false);

  async function download() {
    setBusy(true);
    try {
      const res = await api.get(path, {
        searchParams: {
          ...definedParams(searchParams),
          lang: i18n.resolvedLanguage === 'ms' ? 'ms' : 'en',
          tz: Intl.DateTimeFormat().resolvedOptions().timeZone,
        },
        timeout: 120_000,
      });
      const url = URL.createObjectURL(await res.blob());
      const link = Object.assign(document.createElement('a'), {
        href: url,
        download: nameIn(res.headers.get('content-disposition')) ?? fileName,
      });
      document.body.append(link);
      link.click();
      link.remove();
      setTimeout(() => URL.revokeObjectURL(url), 10_000);
    } catch (failed) {
      console.error(failed);
      void toast.error(t('table.exportFailed'));
    } finally {
      setBusy(false);
    }
  }

  return (
    <Button variant="default" size={size} leftSection={<IconDownload size={16} />} loading={busy} onClick={() => void download()}>
      {label ?? t('table.export')}
    </Button>
  );
}
