import { useId, useRef, useState } from 'react';
import { toApiError } from '@sso/shared/api';
import {
  type ImportCheck,
  type ImportResult,
  type ImportRow,
  type ImportRowAction,
} from '@sso/shared/contract';
import { appPaths } from '@sso/shared/federation';
import { t } from '@sso/shared/i18n';
import { Link } from '@sso/shared/navigation';
import {
  Button,
  buttonClassName,
  FormCard,
  FormServerError,
  PageHeader,
  confirm,
  toast,
} from '@sso/shared/ui';
import { Checkbox, DataTable, Pagination, Select, saveCsv, type DataTableColumn } from '@sso/shared/ui-data';
import { checkImportFile, downloadImportTemplate, useCommitImport } from '../api/bulk-api';
import { bulkTexts } from '../shared/bulk-texts';
import { PREVIEW_PAGE_SIZE, fileProblem, importCount, rowsOf } from './import-model';
import styles from './user-import.module.css';

const ACTIONS: readonly ImportRowAction[] = ['create', 'update', 'unchanged', 'error'];

const columns: DataTableColumn<ImportRow>[] = [
  { id: 'row', header: bulkTexts.columns.row, width: '7%', cell: (row) => row.row },
  { id: 'nik', header: bulkTexts.columns.nik, width: '12%', cell: (row) => row.nik },
  { id: 'nama', header: bulkTexts.columns.nama, width: '18%', cell: (row) => row.nama },
  { id: 'role', header: bulkTexts.columns.role, width: '12%', cell: (row) => row.role },
  { id: 'ap', header: bulkTexts.columns.ap, width: '15%', cell: (row) => row.ap },
  { id: 'unit', header: bulkTexts.columns.unit, width: '10%', cell: (row) => row.unit },
  {
    id: 'result',
    header: bulkTexts.columns.result,
    cell: (row) => (
      <div className={styles.result}>
        <span className={`${styles.badge} ${styles[row.action]}`}>{bulkTexts.action[row.action]}</span>
        {row.problems.length > 0 ? (
          <ul className={styles.problems}>
            {row.problems.map((problem) => (
              <li key={problem}>{problem}</li>
            ))}
          </ul>
        ) : null}
      </div>
    ),
  },
];

const today = () => new Date().toISOString().slice(0, 10);

/**
 * `/impor-user` (issue 33): "Unduh template"; a CSV file checked on the server first (nothing
 * written), its preview with counts and every row's problems, filterable, "Unduh baris
 * bermasalah"; then "Impor N user" in one transaction and a summary with the way to the new users.
 */
export default function UserImportPage() {
  const fileInput = useRef<HTMLInputElement>(null);
  const fileLabelId = useId();
  const [file, setFile] = useState<File | null>(null);
  const [updateExisting, setUpdateExisting] = useState(false);
  const [progress, setProgress] = useState<number | null>(null);
  const [error, setError] = useState<string | null>(null);
  const [check, setCheck] = useState<ImportCheck | null>(null);
  const [filter, setFilter] = useState<ImportRowAction | null>(null);
  const [page, setPage] = useState(1);
  const [pageSize, setPageSize] = useState(PREVIEW_PAGE_SIZE);
  const [result, setResult] = useState<ImportResult | null>(null);
  const commit = useCommitImport();

  const reset = () => {
    setFile(null);
    setCheck(null);
    setResult(null);
    setError(null);
    setFilter(null);
    setPage(1);
    commit.reset();
    if (fileInput.current) fileInput.current.value = '';
  };

  const runCheck = async (chosen: File | null = file) => {
    if (!chosen) return;
    const problem = fileProblem(chosen);
    if (problem) {
      setError(problem);
      return;
    }
    setError(null);
    setCheck(null);
    commit.reset();
    setProgress(0);
    try {
      const checked = await checkImportFile(chosen, updateExisting, (fraction) =>
        setProgress(Math.round(fraction * 100)),
      );
      setCheck(checked);
      setFilter(checked.counts.error > 0 ? 'error' : null);
      setPage(1);
    } catch (caught) {
      setError(toApiError(caught).message);
    } finally {
      setProgress(null);
    }
  };

  const runImport = async () => {
    if (!check?.token) return;
    const count = importCount(check);
    const ok = await confirm({
      variant: 'question',
      title: bulkTexts.importConfirm(count),
      body: bulkTexts.importConfirmBody(check.counts.create, check.counts.update, check.counts.error),
      confirmLabel: bulkTexts.importN(count),
      cancelLabel: t.common.cancel,
    });
    if (!ok) return;
    try {
      setResult(await commit.mutateAsync(check.token));
    } catch {
      // Shown from commit.error below; nothing was written.
    }
  };

  const download = (action: () => Promise<void>) =>
    void action().catch((caught: unknown) => toast.error(toApiError(caught).message));

  const header = (
    <PageHeader
      title={bulkTexts.pageTitle}
      actions={
        <Button variant="secondary" onClick={() => download(downloadImportTemplate)}>
          {bulkTexts.template}
        </Button>
      }
    />
  );

  if (result) {
    return (
      <div className={styles.page}>
        {header}
        <section className={styles.done} aria-labelledby={`${fileLabelId}-done`} role="status">
          <h2 id={`${fileLabelId}-done`} className={styles.doneTitle}>
            {bulkTexts.doneTitle}
          </h2>
          <p>{bulkTexts.doneBody(result.created, result.updated, result.unchanged)}</p>
          <div className={styles.actions}>
            {result.created > 0 ? (
              <Link
                className={buttonClassName('primary')}
                to={appPaths.users.importedFrom(result.created_at)}
              >
                {bulkTexts.viewNew}
              </Link>
            ) : null}
            <Link className={styles.link} to={appPaths.users.list}>
              {bulkTexts.backToList}
            </Link>
            <Button variant="secondary" onClick={reset}>
              {bulkTexts.importAnother}
            </Button>
          </div>
        </section>
      </div>
    );
  }

  const shown = check ? rowsOf(check, filter) : [];
  const lastPage = Math.max(1, Math.ceil(shown.length / pageSize));
  const current = Math.min(page, lastPage);
  const count = check ? importCount(check) : 0;
  const checking = progress !== null;

  return (
    <div className={styles.page}>
      {header}
      <FormCard title={bulkTexts.uploadTitle} hint={bulkTexts.intro}>
        <ul className={styles.rules}>
          {bulkTexts.rules.map((rule) => (
            <li key={rule}>{rule}</li>
          ))}
        </ul>
        <div className={styles.fileRow}>
          <input
            ref={fileInput}
            id={fileLabelId}
            className="sso-visually-hidden"
            type="file"
            aria-label={bulkTexts.fileLabel}
            accept=".csv,text/csv"
            onChange={(event) => {
              const chosen = event.target.files?.[0] ?? null;
              setFile(chosen);
              setCheck(null);
              setError(chosen ? fileProblem(chosen) : null);
            }}
          />
          <Button variant="secondary" onClick={() => fileInput.current?.click()} disabled={checking}>
            {bulkTexts.chooseFile}
          </Button>
          <label htmlFor={fileLabelId} className={styles.fileName}>
            {file ? file.name : bulkTexts.noFile}
          </label>
        </div>
        <div>
          <Checkbox
            checked={updateExisting}
            onCheckedChange={(checked) => {
              setUpdateExisting(checked);
              setCheck(null);
            }}
            label={bulkTexts.updateExisting}
            disabled={checking}
          />
          <p className={styles.hint}>{bulkTexts.updateExistingHint}</p>
        </div>
        {checking ? (
          <div className={styles.progress}>
            <progress max={100} value={progress < 100 ? progress : undefined} aria-label={bulkTexts.check} />
            <span aria-live="polite">{bulkTexts.checking(progress)}</span>
          </div>
        ) : null}
        {error ? <FormServerError title={bulkTexts.checkFailed} message={error} /> : null}
        <div className={styles.actions}>
          <Button onClick={() => void runCheck()} disabled={!file || checking} loading={checking}>
            {bulkTexts.check}
          </Button>
        </div>
      </FormCard>

      {check ? (
        <section className={styles.preview} aria-labelledby={`${fileLabelId}-preview`}>
          <h2 id={`${fileLabelId}-preview`} className={styles.previewTitle}>
            {bulkTexts.previewTitle}
          </h2>
          <dl className={styles.counts}>
            {ACTIONS.map((action) => (
              <div key={action} className={`${styles.count} ${styles[action]}`}>
                <dt>{bulkTexts.counts[action]}</dt>
                <dd>{check.counts[action].toLocaleString('id-ID')}</dd>
              </div>
            ))}
          </dl>
          <div className={styles.previewBar}>
            <div className={styles.filter}>
              <Select<ImportRowAction>
                label={bulkTexts.filterLabel}
                options={ACTIONS.map((action) => ({
                  value: action,
                  label: `${bulkTexts.action[action]} (${check.counts[action].toLocaleString('id-ID')})`,
                }))}
                clearLabel={`${bulkTexts.filterAll} (${check.counts.total.toLocaleString('id-ID')})`}
                value={filter}
                onChange={(value) => {
                  setFilter(value);
                  setPage(1);
                }}
              />
            </div>
            {check.problems_csv ? (
              <Button
                variant="secondary"
                onClick={() => saveCsv(check.problems_csv ?? '', `baris-bermasalah-${today()}.csv`)}
              >
                {bulkTexts.downloadProblems}
              </Button>
            ) : null}
          </div>
          <DataTable
            caption={bulkTexts.previewCaption}
            columns={columns}
            rows={shown.slice((current - 1) * pageSize, current * pageSize)}
            getRowId={(row) => row.row}
            rowMuted={(row) => row.action === 'unchanged'}
            empty={<p className={styles.hint}>{bulkTexts.noRows}</p>}
          />
          {shown.length > 0 ? (
            <Pagination
              page={current}
              pageSize={pageSize}
              total={shown.length}
              onPageChange={setPage}
              onPageSizeChange={(size) => {
                setPageSize(size);
                setPage(1);
              }}
            />
          ) : null}
          {commit.isPending ? (
            <div className={styles.progress}>
              <progress aria-label={bulkTexts.importN(count)} />
              <span aria-live="polite">{bulkTexts.importing(count)}</span>
            </div>
          ) : null}
          {commit.error ? (
            <FormServerError title={bulkTexts.importFailed} message={toApiError(commit.error).message} />
          ) : null}
          {count === 0 ? <p className={styles.hint}>{bulkTexts.nothingToImport}</p> : null}
          <div className={styles.actions}>
            <Button variant="secondary" onClick={reset} disabled={commit.isPending}>
              {bulkTexts.otherFile}
            </Button>
            {commit.error ? (
              <Button variant="secondary" onClick={() => void runCheck()} disabled={commit.isPending}>
                {bulkTexts.recheck}
              </Button>
            ) : null}
            <Button
              onClick={() => void runImport()}
              disabled={count === 0 || !check.token || commit.isError}
              loading={commit.isPending}
            >
              {bulkTexts.importN(count)}
            </Button>
          </div>
        </section>
      ) : null}
      <p>
        <Link className={styles.link} to={appPaths.users.list}>
          {bulkTexts.backToList}
        </Link>
      </p>
    </div>
  );
}
