import { DayPicker, type DateRange } from 'react-day-picker';
import { id } from 'react-day-picker/locale/id';
import 'react-day-picker/style.css';
import styles from './date-range-field.module.css';

export interface DateRangeCalendarProps {
  selected: { from?: Date; to?: Date };
  onSelect: (range: { from?: Date; to?: Date }) => void;
}

/** react-day-picker's range calendar in Indonesian (its own keyboard and ARIA); no future days. */
export default function DateRangeCalendar({ selected, onSelect }: DateRangeCalendarProps) {
  const range: DateRange | undefined = selected.from ? { from: selected.from, to: selected.to } : undefined;
  return (
    <DayPicker
      className={styles.calendar}
      mode="range"
      locale={id}
      selected={range}
      onSelect={(next) => onSelect({ from: next?.from, to: next?.to })}
      disabled={{ after: new Date() }}
      defaultMonth={selected.from ?? new Date()}
      numberOfMonths={1}
      showOutsideDays
    />
  );
}
