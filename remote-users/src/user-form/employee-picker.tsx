import { useState } from 'react';
import type { Employee } from '@sso/shared/contract';
import { Combobox, SEARCH_DEBOUNCE_MS, useDebouncedValue } from '@sso/shared/ui-data';
import { t } from '@sso/shared/i18n';
import styles from './user-form.module.css';
import { texts } from '../texts';
import { EMPLOYEE_SEARCH_MIN_CHARS, useEmployeeSearch } from './api/search-employees';
import { employeeToPerson, type Person } from './user-form-model';

export interface EmployeePickerProps {
  value: Person | null;
  onChange: (person: Person | null) => void;
  onBlur: () => void;
  /** The text typed (reported so the form counts typed text as entered data). */
  onTextChange?: (text: string) => void;
  error?: string | undefined;
}

/**
 * Tambah User's name picker over the employee directory: search-as-you-type from 2 characters,
 * 20 results (spec 5, 9). Typing after a choice drops the choice, so a stale NIK never stays.
 * Each employee shows their AP; those of the signed-in user's own APs come first (the api orders
 * them) marked "AP Anda" (issue 32).
 */
export function EmployeePicker({ value, onChange, onBlur, onTextChange, error }: EmployeePickerProps) {
  const [text, setText] = useState(value?.nama ?? '');
  const keyword = useDebouncedValue(text.trim(), SEARCH_DEBOUNCE_MS);
  const search = useEmployeeSearch(keyword);
  const tooShort = text.trim().length < EMPLOYEE_SEARCH_MIN_CHARS;
  const settling = keyword !== text.trim();
  return (
    <Combobox<Employee>
      label={t.users.fieldName}
      placeholder={texts.namePlaceholder}
      items={tooShort ? [] : (search.data ?? [])}
      loading={!tooShort && (settling || search.isFetching)}
      emptyText={tooShort ? texts.namePlaceholder : t.common.noOptions}
      itemKey={(employee) => employee.id}
      itemToString={(employee) => employee?.name ?? ''}
      // An employee who already has an account is listed but cannot be chosen (the api would say "NIK sudah terdaftar").
      isItemDisabled={(employee) => employee.registered === true}
      renderItem={(employee) => (
        <span className={styles.employee}>
          <span className={styles.employeeName}>
            {employee.name}
            {employee.own_company ? <span className={styles.ownCompany}>{texts.ownCompany}</span> : null}
            {employee.registered ? (
              <span className={styles.registered}>{texts.alreadyRegistered}</span>
            ) : null}
          </span>
          <span className={styles.employeeMeta}>
            {employee.nik} · {employee.no_hp}
          </span>
          {employee.perusahaan_name ? (
            <span className={styles.employeeMeta}>{employee.perusahaan_name}</span>
          ) : null}
        </span>
      )}
      inputValue={text}
      onInputValueChange={(next) => {
        setText(next);
        onTextChange?.(next);
        if (value && next !== value.nama) onChange(null);
      }}
      onSelect={(employee) => onChange(employeeToPerson(employee))}
      onBlur={onBlur}
      error={error}
    />
  );
}
