import type { Company } from '@sso/shared/contract';
import { t } from '@sso/shared/i18n';
import { Checkbox, MultiSelect } from '@sso/shared/ui-data';
import styles from './ap-unit-picker.module.css';
import { texts } from '../texts';
import { allUnitsState, type ApSelection, type ApSelectionAction } from './ap-selection';

export interface ApUnitPickerProps {
  companies: Company[];
  loading: boolean;
  value: ApSelection;
  onAction: (action: ApSelectionAction) => void;
  onBlur: () => void;
  error?: string | undefined;
}

/**
 * AP multi-select with `All`, then per chosen AP its unit boxes with `Semua Unit` (spec 2, 4).
 * The rules live in ap-selection.ts; this only dispatches.
 */
export function ApUnitPicker({ companies, loading, value, onAction, onBlur, error }: ApUnitPickerProps) {
  const chosen = value.map((c) => c.perusahaanId);
  return (
    <>
      <MultiSelect<number>
        label={t.users.fieldAp}
        placeholder={texts.apPlaceholder}
        options={companies.map((company) => ({ value: company.id, label: company.nama }))}
        selected={chosen}
        loading={loading}
        onToggle={(perusahaanId) => onAction({ type: 'toggle-company', perusahaanId })}
        allOption={{
          label: t.users.apAll,
          onToggle: (selectAll) => onAction({ type: selectAll ? 'select-all' : 'clear-all' }),
        }}
        onBlur={onBlur}
        error={error}
      />
      {value.length > 0 ? (
        <div className={styles.unitGroups}>
          <p className={styles.sectionLabel}>{texts.unitsHeading}</p>
          {value.map((selection) => {
            const company = companies.find((c) => c.id === selection.perusahaanId);
            if (!company) return null;
            return (
              <fieldset key={company.id} className={styles.unitGroup}>
                <legend className={styles.unitLegend}>{company.nama}</legend>
                {company.cabangs.length === 0 ? (
                  <p className={styles.unitMissing} role="alert">
                    {texts.apWithoutUnits}
                  </p>
                ) : (
                  <>
                    <Checkbox
                      className={styles.allUnits}
                      label={t.users.allUnits}
                      checked={allUnitsState(value, company)}
                      onCheckedChange={(checked) =>
                        onAction({ type: 'toggle-all-units', perusahaanId: company.id, checked })
                      }
                    />
                    {selection.cabangIds.length === 0 ? (
                      <p className={styles.unitMissing}>{texts.pickUnit}</p>
                    ) : null}
                    <div className={styles.units}>
                      {company.cabangs.map((unit) => (
                        <Checkbox
                          key={unit.id}
                          label={`${unit.kode} · ${unit.name}`}
                          checked={selection.cabangIds.includes(unit.id)}
                          onCheckedChange={(checked) =>
                            onAction({
                              type: 'toggle-unit',
                              perusahaanId: company.id,
                              cabangId: unit.id,
                              checked,
                            })
                          }
                        />
                      ))}
                    </div>
                  </>
                )}
              </fieldset>
            );
          })}
        </div>
      ) : null}
    </>
  );
}
