import { useEffect, useId, useMemo, useRef, useState, type Ref } from 'react';
import { Popup } from '../../../components/lazy-overlay.tsx';
import { REGION_LEVELS, type RegionLevel } from '@kaskita/domain/validation/region-code';
import { FieldError } from '../../../components/field-error.tsx';
import { useT } from '../../../lib/i18n.ts';
import { useAreas, type Area } from '../api/get-areas.ts';
import { profileTexts } from '../profile-texts.ts';
import '../../../components/form-field.css';
import './region-picker.css';

/** An address's four region codes (what the profile forms send) and their names (what the field shows). */
export type RegionValue = Record<RegionLevel, string> & { names: Record<RegionLevel, string> };

type Choice = Pick<Area, 'id' | 'name'>;

type Props = {
  label: string;
  value: RegionValue | null;
  /** Called once the village is chosen, with the whole path. */
  onChange: (value: RegionValue) => void;
  /** Called when the sheet closes, chosen or not (react-hook-form's "touched"). */
  onBlur?: () => void;
  error?: string | null;
  id?: string;
  name?: string;
  /** The field's button, for react-hook-form to focus on an error. */
  ref?: Ref<HTMLButtonElement>;
};

function picksOf(value: RegionValue | null): Choice[] {
  return value ? REGION_LEVELS.map((level) => ({ id: value[level], name: value.names[level] })) : [];
}

function toValue(picks: readonly Choice[]): RegionValue | null {
  const [province, city, district, village] = picks;
  if (!province || !city || !district || !village) return null;
  return {
    province: province.id,
    city: city.id,
    district: district.id,
    village: village.id,
    names: { province: province.name, city: city.name, district: district.name, village: village.name },
  };
}

/** Case and accents ignored, so "sukajadi" finds "Sukajadi" and "cimahi" finds "Cimahi". */
const fold = (text: string) => text.normalize('NFD').replace(/\p{M}/gu, '').toLocaleLowerCase('id');

/**
 * A form field for an address's province, city/regency, district and village. Shows the chosen path and opens a
 * bottom sheet where the borrower picks level by level, with a row of level tabs to step back and a search over the
 * current level (a district can have 40 villages). Lists come from GET /getares, one request per level ever.
 */
export function RegionPicker({ label, value, onChange, onBlur, error, id, name, ref }: Props) {
  const t = useT(profileTexts);
  const generatedId = useId();
  const fieldId = id ?? generatedId;
  const errorId = `${fieldId}-error`;
  const [open, setOpen] = useState(false);
  // What the Popup's afterShow reads when its animation ends, which may be after the sheet was closed.
  const openRef = useRef(false);
  const [picks, setPicks] = useState<Choice[]>([]);
  const [levelIndex, setLevelIndex] = useState(0);
  const [query, setQuery] = useState('');
  // Focus moves into the sheet when it opens (not to the search box: a phone's keyboard would cover the list).
  const dialogRef = useRef<HTMLDivElement>(null);
  // Focus goes back to the field when the sheet closes (the Popup does not do it).
  const fieldRef = useRef<HTMLButtonElement | null>(null);
  const setFieldRef = (node: HTMLButtonElement | null) => {
    fieldRef.current = node;
    if (typeof ref === 'function') ref(node);
    else if (ref) ref.current = node;
  };

  const level = REGION_LEVELS[levelIndex] ?? 'province';
  const pid = levelIndex === 0 ? '' : (picks[levelIndex - 1]?.id ?? '');
  const areas = useAreas(pid, { enabled: open });
  const shown = useMemo(() => {
    const needle = fold(query.trim());
    const list = areas.data ?? [];
    return needle === '' ? list : list.filter((area) => fold(area.name).includes(needle));
  }, [areas.data, query]);

  const openSheet = () => {
    const current = picksOf(value);
    setPicks(current);
    // An address already chosen reopens on its village, to change just that; otherwise start at the provinces.
    setLevelIndex(current.length === REGION_LEVELS.length ? REGION_LEVELS.length - 1 : 0);
    setQuery('');
    openRef.current = true;
    setOpen(true);
  };
  const close = () => {
    openRef.current = false;
    setOpen(false);
    fieldRef.current?.focus();
    onBlur?.();
  };
  // antd-mobile's Popup closes on the mask only; a keyboard user closes it with Escape, as any dialog. Listened on the
  // document, not the sheet: focus moves into the sheet only once its opening animation ends, and an Escape pressed
  // before then must close it too.
  useEffect(() => {
    if (!open) return;
    const onKey = (e: KeyboardEvent) => {
      if (e.key === 'Escape') close();
    };
    document.addEventListener('keydown', onKey);
    return () => document.removeEventListener('keydown', onKey);
  });
  const goTo = (index: number) => {
    setLevelIndex(index);
    setQuery('');
  };
  const choose = (area: Area) => {
    const next = [...picks.slice(0, levelIndex), { id: area.id, name: area.name }];
    setPicks(next);
    const chosen = area.leaf ? toValue(next) : null;
    if (chosen) {
      onChange(chosen);
      close();
    } else goTo(levelIndex + 1);
  };

  const levelName = (l: RegionLevel) => t(`region.${l}`);
  const path = value ? REGION_LEVELS.map((l) => value.names[l]).join(' / ') : null;

  return (
    <div className="kk-field">
      <label className="kk-field__label" htmlFor={fieldId}>
        {label}
      </label>
      <button
        ref={setFieldRef}
        id={fieldId}
        name={name}
        type="button"
        className="kk-field__input kk-region__value"
        aria-haspopup="dialog"
        aria-expanded={open}
        aria-invalid={error ? true : undefined}
        aria-describedby={error ? errorId : undefined}
        onClick={openSheet}
      >
        {path ?? <span className="kk-muted">{t('region.placeholder')}</span>}
      </button>
      <div id={errorId}>
        <FieldError error={error} />
      </div>
      <Popup
        visible={open}
        onMaskClick={close}
        onClose={close}
        destroyOnClose
        bodyClassName="kk-region"
        // Only if still open: an Escape before the opening animation ended has already given focus back to the field.
        afterShow={() => {
          if (openRef.current) dialogRef.current?.focus();
        }}
      >
        <div
          ref={dialogRef}
          tabIndex={-1}
          role="dialog"
          aria-modal="true"
          aria-labelledby={`${fieldId}-title`}
          className="kk-region__dialog"
        >
          <div className="kk-region__head">
            <h2 id={`${fieldId}-title`} className="kk-region__title">
              {t('region.title')}
            </h2>
            <button type="button" className="kk-region__close" onClick={close} aria-label={t('region.close')}>
              ×
            </button>
          </div>
          <nav aria-label={t('region.levels')}>
            <ol className="kk-region__tabs">
              {REGION_LEVELS.slice(0, levelIndex + 1).map((l, i) => (
                <li key={l}>
                  <button
                    type="button"
                    className="kk-region__tab"
                    aria-current={i === levelIndex ? 'step' : undefined}
                    aria-label={`${levelName(l)}: ${i === levelIndex ? t('region.choose') : (picks[i]?.name ?? '')}`}
                    onClick={() => goTo(i)}
                  >
                    {i === levelIndex ? t('region.choose') : picks[i]?.name}
                  </button>
                </li>
              ))}
            </ol>
          </nav>
          <input
            type="search"
            className="kk-field__input kk-region__search"
            value={query}
            onChange={(e) => setQuery(e.target.value)}
            placeholder={t('region.search', { level: levelName(level).toLocaleLowerCase() })}
            aria-label={t('region.search', { level: levelName(level).toLocaleLowerCase() })}
            autoComplete="off"
            enterKeyHint="search"
          />
          <div className="kk-region__body">
            {areas.isError ? (
              <div className="kk-region__note" role="alert">
                <p>{t('region.loadFailed')}</p>
                <button type="button" className="kk-btn" onClick={() => void areas.refetch()}>
                  {t('region.retry')}
                </button>
              </div>
            ) : areas.isPending ? (
              <p className="kk-region__note" role="status">
                {t('common.loading')}
              </p>
            ) : shown.length === 0 ? (
              <p className="kk-region__note" role="status">
                {t('region.noMatch', { query: query.trim() })}
              </p>
            ) : (
              <ul className="kk-region__list" aria-label={levelName(level)}>
                {shown.map((area) => (
                  <li key={area.id}>
                    <button
                      type="button"
                      className="kk-region__option"
                      aria-current={picks[levelIndex]?.id === area.id ? 'true' : undefined}
                      onClick={() => choose(area)}
                    >
                      {area.name}
                    </button>
                  </li>
                ))}
              </ul>
            )}
          </div>
        </div>
      </Popup>
    </div>
  );
}
