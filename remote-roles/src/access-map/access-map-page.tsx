import { useMemo, useState } from 'react';
import { toApiError } from '@sso/shared/api';
import {
  ACCESS_MAP_COUNT_LIMIT,
  accessMapLevelLabel,
  accessMapPaths,
  type AccessMapPersonRow,
  type AccessMapPlaceRow,
} from '@sso/shared/contract';
import { formatNumber, t } from '@sso/shared/i18n';
import { Button, PageHeader, StatePanel, toast } from '@sso/shared/ui';
import {
  type DataTableColumn,
  downloadCsv,
  FilterFold,
  isPositiveIntParam,
  type ListSearchOptions,
  ListToolbar,
  ListView,
  ListSearchField,
  SearchField,
  Select,
  type SelectProps,
  useListSearchParams,
} from '@sso/shared/ui-data';
import { accessMapText as text } from './access-map-texts';
import {
  useAccessMapOptions,
  usePeople,
  usePerson,
  usePlace,
  type PlaceParams,
} from './api/access-map-queries';
import styles from './access-map-page.module.css';

const FILTERS = ['view', 'app', 'menu', 'perusahaan_id', 'cabang_id', 'role_id', 'level', 'user'] as const;
type Filter = (typeof FILTERS)[number];
const SORTS = ['nama', 'nik', 'level', 'role', 'place'] as const;
type Sort = (typeof SORTS)[number];

/** Every filter is an id or a level; `view` is `orang` (by person) or absent (by place). */
export const ACCESS_MAP_OPTIONS: ListSearchOptions<Filter, Sort> = {
  filters: FILTERS,
  isValidFilter: (key, value) =>
    key === 'view' ? value === 'orang' : key === 'level' ? /^[123]$/.test(value) : isPositiveIntParam(value),
  sortable: SORTS,
};

const LEVELS = [1, 2, 3] as const;
const levelText = (level: 1 | 2 | 3 | null) => (level === null ? text.noMenu : accessMapLevelLabel[level]);
const num = (value: string | undefined) => (value === undefined ? undefined : Number(value));
const today = () => new Date().toISOString().slice(0, 10);

/** One filter of the toolbars: a select named by its label (hidden, the placeholder shows it). */
function ToolbarSelect<V extends string | number>(props: Omit<SelectProps<V>, 'hideLabel'>) {
  return (
    <div className={styles.filter}>
      <Select {...props} hideLabel />
    </div>
  );
}

function LevelBadge({ level }: { level: 1 | 2 | 3 | null }) {
  return <span className={`${styles.level} ${styles[`level${level ?? 0}`] ?? ''}`}>{levelText(level)}</span>;
}

/** The Level column of both views (a row's highest level through its role). */
const levelColumn = <Row extends { level: 1 | 2 | 3 | null }>(): DataTableColumn<Row, Sort> => ({
  id: 'level',
  header: text.levelColumn,
  sortBy: 'level',
  phone: true,
  cell: (row) => <LevelBadge level={row.level} />,
});

const placeColumns: DataTableColumn<AccessMapPlaceRow, Sort>[] = [
  {
    id: 'nama',
    header: text.nameColumn,
    sortBy: 'nama',
    phone: true,
    width: '28%',
    cell: (row) => (
      <span className={styles.person}>
        <span className={styles.name}>{row.nama}</span>
        <span className={styles.sub}>{row.nik}</span>
        {row.is_active ? null : <span className={styles.inactive}>{text.inactive}</span>}
      </span>
    ),
  },
  { id: 'nik', header: text.nikColumn, sortBy: 'nik', width: '14%', cell: (row) => row.nik },
  { id: 'ap', header: text.companyColumn, width: '26%', cell: (row) => row.companies || '-' },
  { id: 'role', header: text.roleColumn, sortBy: 'role', width: '16%', cell: (row) => row.role_name },
  levelColumn(),
];

const personColumns: DataTableColumn<AccessMapPersonRow, Sort>[] = [
  {
    id: 'place',
    header: text.appColumn,
    sortBy: 'place',
    phone: true,
    width: '26%',
    cell: (row) => <span className={row.menu_id === null ? styles.name : undefined}>{row.app_name}</span>,
  },
  {
    id: 'menu',
    header: text.menuColumn,
    phone: true,
    width: '26%',
    cell: (row) =>
      row.menu_id === null
        ? '-'
        : row.parent_name === null
          ? row.menu_name
          : `${row.parent_name} › ${row.menu_name}`,
  },
  { id: 'role', header: text.roleColumn, width: '22%', cell: (row) => row.role_name },
  levelColumn(),
];

/**
 * /peta-akses (issue 32, ADR 0025): who reaches what, in both directions. "Per Tempat": an
 * application, menu or sub-menu and every user reaching it, filtered by AP, unit, role and level,
 * searchable, sorted and paged by the api. "Per Orang": one user's applications, menus and
 * sub-menus with their level and role. Everything lives in the URL; "Unduh CSV" downloads exactly
 * the filtered rows. The api keeps both within the reader's administration scope.
 */
export default function AccessMapPage() {
  const list = useListSearchParams(ACCESS_MAP_OPTIONS);
  const [downloading, setDownloading] = useState(false);
  const byPerson = list.filters.view === 'orang';
  const options = useAccessMapOptions();
  const f = list.filters;
  const app = num(f.app);
  const userId = num(f.user) ?? null;
  const placeSort = list.sort && list.sort.by !== 'place' ? list.sort : undefined;
  const personSort =
    list.sort && (list.sort.by === 'place' || list.sort.by === 'level') ? list.sort : undefined;

  const placeParams: PlaceParams | null =
    !byPerson && app !== undefined
      ? {
          app,
          menu: num(f.menu),
          perusahaan_id: num(f.perusahaan_id),
          cabang_id: num(f.cabang_id),
          role_id: num(f.role_id),
          level: num(f.level),
          keyword: list.keyword || undefined,
          sortBy: placeSort?.by,
          sort: placeSort?.direction,
          page: list.page,
          perPage: list.perPage,
        }
      : null;
  const personParams = {
    app: app,
    level: num(f.level),
    sortBy: personSort?.by,
    sort: personSort?.direction,
    page: list.page,
    perPage: list.perPage,
  };
  const place = usePlace(placeParams);
  const person = usePerson(byPerson ? userId : null, personParams);
  const [peopleKeyword, setPeopleKeyword] = useState('');
  const people = usePeople(peopleKeyword, byPerson && userId === null);

  const data = options.data?.data;
  const chosenApp = data?.applications.find((a) => a.id === app);
  const appOptions = useMemo(
    () => (data?.applications ?? []).map((a) => ({ value: a.id, label: a.name })),
    [data],
  );
  const menuOptions = useMemo(
    () =>
      (chosenApp?.menus ?? []).flatMap((m) => [
        { value: m.id, label: m.name },
        ...m.children.map((c) => ({ value: c.id, label: `${m.name} › ${c.name}` })),
      ]),
    [chosenApp],
  );
  const company = data?.companies.find((c) => c.id === num(f.perusahaan_id));
  const companyOptions = (data?.companies ?? []).map((c) => ({ value: c.id, label: c.nama }));
  const unitOptions = (company?.units ?? []).map((u) => ({ value: u.id, label: u.name }));
  const roleOptions = (data?.roles ?? []).map((r) => ({ value: r.id, label: r.name }));
  const setFilter = (key: Filter) => (value: number | null) =>
    list.setFilter(key, value === null ? null : String(value));
  /** A filter whose choice empties the one under it (an application's menu, a company's unit). */
  const setParentFilter = (key: Filter, child: Filter) => (value: number | null) =>
    list.update({
      filters: { ...f, [key]: value === null ? undefined : String(value), [child]: undefined },
      page: 1,
    });
  /** The Level filter of both views. */
  const levelFilter = (
    <ToolbarSelect
      label={text.level}
      options={LEVELS.map((l) => ({ value: l, label: accessMapLevelLabel[l] }))}
      value={num(f.level) ?? null}
      clearLabel={text.allLevels}
      onChange={setFilter('level')}
    />
  );
  const placeName = [chosenApp?.name, menuOptions.find((m) => m.value === num(f.menu))?.label]
    .filter(Boolean)
    .join(' › ');

  const switchView = (orang: boolean) =>
    list.update({
      filters: orang ? { view: 'orang' } : { app: f.app },
      keyword: '',
      page: 1,
      sort: undefined,
    });

  async function download() {
    setDownloading(true);
    try {
      if (byPerson && userId !== null) {
        const { page: _p, perPage: _pp, ...params } = personParams;
        await downloadCsv(accessMapPaths.byPersonExport(userId), params, `peta-akses-orang-${today()}.csv`);
      } else if (placeParams) {
        const { page: _p, perPage: _pp, ...params } = placeParams;
        await downloadCsv(accessMapPaths.byPlaceExport, params, `peta-akses-tempat-${today()}.csv`);
      }
    } catch (error) {
      toast.error(`${text.downloadFailed}: ${toApiError(error).message}`);
    } finally {
      setDownloading(false);
    }
  }

  const canDownload = byPerson
    ? userId !== null && (person.data?.meta.total ?? 0) > 0
    : (place.data?.meta.total ?? 0) > 0;
  const placeTotal = place.data?.meta.total ?? 0;
  const capped = placeTotal > ACCESS_MAP_COUNT_LIMIT;

  return (
    <>
      <PageHeader
        title={text.title}
        actions={
          <Button
            variant="secondary"
            loading={downloading}
            disabled={!canDownload}
            onClick={() => void download()}
          >
            {text.download}
          </Button>
        }
      />
      <p className={styles.intro}>{text.intro}</p>
      <div className={styles.tabs} role="group" aria-label={text.views}>
        <button
          type="button"
          className={styles.tab}
          aria-pressed={!byPerson}
          onClick={() => switchView(false)}
        >
          {text.byPlace}
        </button>
        <button type="button" className={styles.tab} aria-pressed={byPerson} onClick={() => switchView(true)}>
          {text.byPerson}
        </button>
      </div>
      {options.isError && !data ? (
        <StatePanel
          tone="error"
          title={text.optionsFailed}
          body={toApiError(options.error).message}
          onRetry={() => void options.refetch()}
        />
      ) : byPerson ? (
        <>
          {userId === null ? (
            <section className={styles.picker} aria-label={text.pickPersonTitle}>
              <SearchField
                className={styles.search}
                label={text.search}
                placeholder={text.searchPlaceholder}
                value={peopleKeyword}
                onSearch={setPeopleKeyword}
              />
              <p className={styles.hint}>{text.pickPersonBody}</p>
              {people.isError ? (
                <StatePanel
                  tone="error"
                  title={text.failed}
                  body={toApiError(people.error).message}
                  onRetry={() => void people.refetch()}
                />
              ) : (people.data?.data ?? []).length === 0 && !people.isPending ? (
                <StatePanel title={t.common.notFound} body={text.peopleEmpty} />
              ) : (
                <>
                  <ul className={styles.people}>
                    {(people.data?.data ?? []).map((p) => (
                      <li key={p.id}>
                        <button
                          type="button"
                          className={styles.personButton}
                          onClick={() => list.setFilter('user', String(p.id))}
                        >
                          <span className={styles.name}>{p.nama}</span>
                          <span className={styles.sub}>{p.nik}</span>
                        </button>
                      </li>
                    ))}
                  </ul>
                </>
              )}
            </section>
          ) : person.isError && !person.data ? (
            // An unknown user and one outside the scope are alike: "User tidak ditemukan".
            <StatePanel
              tone={toApiError(person.error).status === 404 ? 'empty' : 'error'}
              title={toApiError(person.error).status === 404 ? toApiError(person.error).message : text.failed}
              body={
                toApiError(person.error).status === 404 ? text.pickAnother : toApiError(person.error).message
              }
              action={
                <Button variant="secondary" onClick={() => list.setFilter('user', null)}>
                  {text.changePerson}
                </Button>
              }
            />
          ) : (
            <>
              <div className={styles.personCard}>
                <div className={styles.person}>
                  <span className={styles.name}>{person.data?.meta.user.nama ?? '…'}</span>
                  <span className={styles.sub}>
                    {[
                      person.data?.meta.user.nik,
                      person.data?.meta.user.role_name,
                      person.data?.meta.user.companies,
                    ]
                      .filter(Boolean)
                      .join(' · ')}
                  </span>
                </div>
                <Button
                  variant="secondary"
                  onClick={() => list.update({ filters: { view: 'orang' }, page: 1 })}
                >
                  {text.changePerson}
                </Button>
              </div>
              <ListToolbar>
                <ToolbarSelect
                  label={text.application}
                  options={appOptions}
                  value={app ?? null}
                  loading={options.isPending}
                  clearLabel={t.roles.allApplications}
                  onChange={setFilter('app')}
                />
                {levelFilter}
              </ListToolbar>
              <ListView
                query={person}
                list={{ ...list, sort: personSort }}
                filtered={false}
                table={{
                  caption: text.personCaption(person.data?.meta.user.nama ?? ''),
                  columns: personColumns,
                  getRowId: (row) => `${row.app_id}-${row.menu_id ?? 0}`,
                }}
                texts={{
                  failed: text.failed,
                  empty: text.emptyPersonTitle,
                  emptyBody: text.emptyPersonBody,
                  noMatchBody: text.emptyPersonBody,
                }}
              />
            </>
          )}
        </>
      ) : (
        <>
          <ListToolbar>
            <ToolbarSelect
              label={text.application}
              placeholder={text.chooseApplication}
              options={appOptions}
              value={app ?? null}
              loading={options.isPending}
              onChange={setParentFilter('app', 'menu')}
            />
            <ToolbarSelect
              label={text.menu}
              options={menuOptions}
              value={num(f.menu) ?? null}
              disabled={app === undefined}
              clearLabel={text.wholeApplication}
              onChange={setFilter('menu')}
            />
            <ListSearchField
              className={styles.search}
              label={text.search}
              placeholder={text.searchPlaceholder}
              list={list}
            />
            <FilterFold
              count={
                (['perusahaan_id', 'cabang_id', 'role_id', 'level'] satisfies Filter[]).filter(
                  (k) => f[k] !== undefined,
                ).length
              }
            >
              <ToolbarSelect
                label={text.company}
                options={companyOptions}
                value={num(f.perusahaan_id) ?? null}
                clearLabel={text.allCompanies}
                onChange={setParentFilter('perusahaan_id', 'cabang_id')}
              />
              <ToolbarSelect
                label={text.unit}
                options={unitOptions}
                value={num(f.cabang_id) ?? null}
                disabled={company === undefined}
                clearLabel={text.allUnits}
                onChange={setFilter('cabang_id')}
              />
              <ToolbarSelect
                label={text.role}
                options={roleOptions}
                value={num(f.role_id) ?? null}
                clearLabel={text.allRoles}
                onChange={setFilter('role_id')}
              />
              {levelFilter}
            </FilterFold>
          </ListToolbar>
          {placeParams === null ? (
            <StatePanel title={text.pickPlaceTitle} body={text.pickPlaceBody} />
          ) : (
            <ListView
              query={place}
              list={{ ...list, sort: placeSort }}
              filtered={
                list.keyword !== '' || Boolean(f.perusahaan_id || f.cabang_id || f.role_id || f.level)
              }
              table={{
                caption: text.caption(placeName),
                columns: placeColumns,
                getRowId: (row) => row.user_id,
              }}
              texts={{
                failed: text.failed,
                empty: text.emptyPlaceTitle,
                emptyBody: text.emptyPlaceBody,
                noMatchBody: text.noMatchBody,
                count: text.count,
              }}
              maxTotal={ACCESS_MAP_COUNT_LIMIT}
              note={
                capped ? (
                  <p className={styles.hint}>{text.moreThan(formatNumber(ACCESS_MAP_COUNT_LIMIT))}</p>
                ) : null
              }
            />
          )}
        </>
      )}
    </>
  );
}
