import { useMemo, useState } from 'react';
import { toApiError } from '@sso/shared/api';
import {
  AUDIT_COUNT_LIMIT,
  auditActionKinds,
  auditActivity,
  auditResultLabel,
  auditResults,
  type AuditEvent,
} from '@sso/shared/contract';
import { formatNumber } from '@sso/shared/i18n';
import { Button, PageHeader, toast } from '@sso/shared/ui';
import {
  type DataTableColumn,
  FilterFold,
  ListToolbar,
  ListView,
  ListSearchField,
  Select,
  useListSearchParams,
} from '@sso/shared/ui-data';
import { auditText } from '../texts';
import { useEvents } from '../api/get-events';
import { downloadAuditCsv } from './api/download-csv';
import { AUDIT_LIST_OPTIONS, isFiltered, toAuditQuery, type AuditSortField } from './audit-log-params';
import { DateRangeField } from './date-range-field';
import { actorLabel } from '../shared/actor-label';
import { EventDrawer } from './event-drawer';
import { dayKey } from './event-time';
import { EventTimeCell } from './event-time-cell';
import { ResultBadge } from '../shared/result-badge';
import { useNow } from '../shared/use-now';
import styles from './audit-log-page.module.css';

const text = auditText;
/** A handful of page sizes, whatever the number of events (840 events offered 84 sizes). */
const AUDIT_PAGE_SIZES = [10, 20, 50, 100] as const;

function columnsOf(
  now: number,
  open: (event: AuditEvent) => void,
): DataTableColumn<AuditEvent, AuditSortField>[] {
  return [
    {
      id: 'time',
      phone: true,
      header: text.columns.time,
      sortBy: 'at',
      cell: (event) => <EventTimeCell at={event.at} now={now} />,
      width: '16%',
    },
    {
      id: 'actor',
      phone: true,
      header: text.columns.actor,
      cell: (event) => <span className={styles.actor}>{actorLabel(event)}</span>,
      width: '22%',
    },
    {
      id: 'activity',
      phone: true,
      header: text.columns.activity,
      // A button: the drawer opens from the keyboard too (a row click is the mouse's shortcut).
      cell: (event) => (
        <button type="button" className={styles.open} onClick={() => open(event)}>
          {auditActivity(event)}
        </button>
      ),
    },
    {
      id: 'result',
      header: text.columns.result,
      cell: (event) => <ResultBadge result={event.result} />,
      width: '12%',
    },
    { id: 'ip', header: text.columns.ip, cell: (event) => event.ip ?? '-', width: '14%' },
  ];
}

/** The name behind `?user=` if a shown event names it (as actor or target), for the filter chip. */
function nameOfUser(events: readonly AuditEvent[], id: string): string | undefined {
  for (const event of events) {
    if (String(event.actor_id) === id && event.actor_name) return event.actor_name;
    if (event.target_type === 'user' && event.target_id === id && event.target_label)
      return event.target_label;
  }
  return undefined;
}

/**
 * /log-aktivitas: every administrative change and sign-in step, newest first. Search, filters
 * (kind, result, dates, one user as actor or target) and the page live in the URL; a row opens its
 * detail with before → after; "Unduh CSV" downloads exactly the filtered rows.
 */
export default function AuditLogPage() {
  const list = useListSearchParams(AUDIT_LIST_OPTIONS);
  const query = toAuditQuery(list);
  const events = useEvents(query);
  const now = useNow();
  const [selected, setSelected] = useState<AuditEvent | null>(null);
  const [downloading, setDownloading] = useState(false);

  const rows = events.data?.data ?? [];
  const total = events.data?.meta.total ?? 0;
  const capped = total > AUDIT_COUNT_LIMIT;
  const columns = useMemo(() => columnsOf(now, setSelected), [now]);
  const userFilter = list.filters.user;

  const download = async () => {
    setDownloading(true);
    try {
      await downloadAuditCsv(query, dayKey(new Date()));
    } catch (error) {
      toast.error(`${text.downloadFailed}: ${toApiError(error).message}`);
    } finally {
      setDownloading(false);
    }
  };

  return (
    <>
      <PageHeader
        title={text.title}
        actions={
          <Button variant="secondary" loading={downloading} onClick={() => void download()}>
            {downloading ? text.downloading : text.download}
          </Button>
        }
      />
      <ListToolbar>
        <ListSearchField
          className={styles.search}
          label={text.search}
          placeholder={text.searchPlaceholder}
          list={list}
        />
        <FilterFold
          count={
            [list.filters.action, list.filters.result, list.filters.from ?? list.filters.to].filter(Boolean)
              .length
          }
        >
          <div className={styles.filter}>
            <Select
              label={text.filters.action}
              hideLabel
              options={auditActionKinds.map((kind) => ({ value: kind.value, label: kind.label }))}
              value={list.filters.action ?? null}
              clearLabel={text.filters.allActions}
              onChange={(value) => list.setFilter('action', value)}
            />
          </div>
          <div className={styles.filter}>
            <Select
              label={text.filters.result}
              hideLabel
              options={auditResults.map((result) => ({ value: result, label: auditResultLabel[result] }))}
              value={list.filters.result ?? null}
              clearLabel={text.filters.allResults}
              onChange={(value) => list.setFilter('result', value)}
            />
          </div>
          <div className={styles.dates}>
            <DateRangeField
              from={list.filters.from}
              to={list.filters.to}
              onChange={({ from, to }) =>
                list.update({
                  page: 1,
                  filters: { ...list.filters, from: from ?? undefined, to: to ?? undefined },
                })
              }
            />
          </div>
        </FilterFold>
      </ListToolbar>
      {userFilter ? (
        <p className={styles.chip}>
          <span>
            {text.filters.userFilter(userFilter)}
            {nameOfUser(rows, userFilter) ? `: ${nameOfUser(rows, userFilter)}` : ''}
          </span>
          <Button variant="link" onClick={() => list.setFilter('user', null)}>
            {text.filters.clearUser}
          </Button>
        </p>
      ) : null}
      <ListView
        query={events}
        list={list}
        filtered={isFiltered(list)}
        table={{ caption: text.caption, columns, getRowId: (event) => event.id, onRowClick: setSelected }}
        texts={{
          failed: text.failed,
          empty: text.empty,
          emptyBody: text.emptyBody,
          noMatchBody: text.noMatchBody,
          count: text.count,
        }}
        maxTotal={AUDIT_COUNT_LIMIT}
        pageSizes={AUDIT_PAGE_SIZES}
        note={
          capped ? <p className={styles.capped}>{text.moreThan(formatNumber(AUDIT_COUNT_LIMIT))}</p> : null
        }
      />
      <EventDrawer event={selected} onClose={() => setSelected(null)} />
    </>
  );
}
