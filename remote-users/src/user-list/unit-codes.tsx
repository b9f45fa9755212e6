import type { UserCompany } from '@sso/shared/contract';
import { Tooltip, overflowLabel } from '@sso/shared/ui-data';
import styles from './unit-codes.module.css';
import { texts } from '../texts';
import { unitCodes, unitTooltipGroups } from './unit-codes-model';

/**
 * Unit codes of a user, first 3 then `+n`; hovering or focusing shows the units of the user's
 * first 2 APs (spec 2).
 */
export function UnitCodes({ companies }: { companies: readonly UserCompany[] }) {
  const { visible, hidden, all } = unitCodes(companies);
  if (all.length === 0) return <span className={styles.none}>-</span>;
  const groups = unitTooltipGroups(companies);
  return (
    <Tooltip
      content={groups.map((group) => (
        <div key={group.companyId} className={styles.group}>
          <p className={styles.company}>{group.companyName}</p>
          {group.units.length > 0 ? (
            <ul className={styles.units}>
              {group.units.map((unit) => (
                <li key={unit}>{unit}</li>
              ))}
            </ul>
          ) : (
            <p className={styles.units}>{texts.noUnits}</p>
          )}
        </div>
      ))}
    >
      <button type="button" className={styles.codes}>
        <span className="sso-visually-hidden">Unit:</span>
        {visible.map((code, index) => (
          <span key={`${code}-${index}`} className={styles.code}>
            {` ${code} `}
          </span>
        ))}
        {hidden > 0 ? <span className={styles.more}>{` ${overflowLabel(hidden)} `}</span> : null}
      </button>
    </Tooltip>
  );
}
