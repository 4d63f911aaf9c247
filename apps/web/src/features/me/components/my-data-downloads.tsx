import { useState } from 'react';
import { toast } from '../../../components/toast.ts';
import { useT } from '../../../lib/i18n.ts';
import { saveFile } from '../../../lib/save-file.ts';
import { fetchMyData, fetchMyDataPdf, fetchMyImages } from '../api/my-data.ts';
import { myDataTexts } from '../my-data-texts.ts';

type Busy = 'json' | 'pdf' | 'images' | null;

/** The copy of everything held (UU PDP: access and portability): JSON for machines, a PDF to read, the images apart. */
export function MyDataDownloads() {
  const t = useT(myDataTexts);
  const [busy, setBusy] = useState<Busy>(null);
  const run = async (what: Exclude<Busy, null>, work: () => Promise<boolean>) => {
    setBusy(what);
    try {
      if (await work()) toast.success(t('myData.downloaded'));
    } catch {
      // toasted by the api client (the limit of downloads an hour among them)
    } finally {
      setBusy(null);
    }
  };
  const json = () =>
    run('json', async () => {
      const data = await fetchMyData();
      saveFile(
        { text: JSON.stringify(data, null, 2) },
        `kaskita-my-data-${data.generated_at.slice(0, 10)}.json`,
        'application/json',
      );
      return true;
    });
  const pdf = () =>
    run('pdf', async () => {
      const file = await fetchMyDataPdf();
      saveFile({ base64: file.data }, file.file_name, file.content_type);
      return true;
    });
  const images = () =>
    run('images', async () => {
      const { ktp_photo, selfie } = await fetchMyImages();
      const files = [ktp_photo, selfie].filter((f) => f !== null);
      if (files.length === 0) {
        toast.info(t('myData.imagesNone'));
        return false;
      }
      for (const f of files) saveFile({ base64: f.data }, f.file_name, f.content_type);
      return true;
    });
  return (
    <section className="kk-card" aria-labelledby="my-data-download-title" data-testid="my-data-downloads">
      <h2 className="kk-me__section-title" id="my-data-download-title">
        {t('myData.downloadTitle')}
      </h2>
      <p className="kk-small kk-muted">{t('myData.downloadIntro')}</p>
      <div className="kk-my-data__buttons">
        <button
          type="button"
          className="kk-btn kk-btn--primary kk-btn--block"
          data-testid="my-data-download-json"
          disabled={busy !== null}
          onClick={() => void json()}
        >
          {t('myData.downloadJson')}
        </button>
        <button
          type="button"
          className="kk-btn kk-btn--ghost kk-btn--block"
          data-testid="my-data-download-pdf"
          disabled={busy !== null}
          onClick={() => void pdf()}
        >
          {t('myData.downloadPdf')}
        </button>
        <button
          type="button"
          className="kk-btn kk-btn--ghost kk-btn--block"
          data-testid="my-data-download-images"
          disabled={busy !== null}
          onClick={() => void images()}
        >
          {t('myData.downloadImages')}
        </button>
      </div>
    </section>
  );
}
