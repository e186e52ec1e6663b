import { Center, Loader } from '@mantine/core';
import {
  getDefaultClampedDate,
  getFormattedDate,
  pickCalendarProps,
  PickerInputBase,
  useDatesContext,
  type DatePickerInputProps,
  type DatesRangeValue,
  type DateValue,
  type MonthPickerInputProps,
} from '@mantine/dates';
import { useDisclosure, useUncontrolled } from '@mantine/hooks';
import { lazy, Suspense, type ComponentType } from 'react';
import '@mantine/dates/styles.layer.css';

/*
 * Mantine's DatePickerInput and MonthPickerInput as they render, but the calendar of the
 * dropdown (11 KB gzip) is fetched when the field is first pointed at or focused, not with the
 * screen: the field itself is little. They follow @mantine/dates' own (its useDatesInput and
 * the inputs around PickerInputBase), for a single date or a range.
 */

type SingleOrRange = 'default' | 'range';
type Value<Type extends SingleOrRange> = Type extends 'range' ? DatesRangeValue<string> : DateValue;

const loadCalendars = () => import('./calendars');
// The calendars take what the field's own component passes them (its `__` props are internal).
type Calendar = ComponentType<Record<string, unknown>>;
const CALENDARS = {
  DatePickerInput: lazy(() => loadCalendars().then((m) => ({ default: m.DatePicker as Calendar }))),
  MonthPickerInput: lazy(() => loadCalendars().then((m) => ({ default: m.MonthPicker as Calendar }))),
};

// Without the Styles API's classNames, styles and vars, which the screens leave to the theme.
type FieldProps<Props> = Omit<Props, 'classNames' | 'styles' | 'vars'>;
type PickerInputProps<Type extends SingleOrRange> = FieldProps<DatePickerInputProps<Type> | MonthPickerInputProps<Type>> & {
  valueFormat: string;
};

function PickerInput<Type extends SingleOrRange>({
  kind,
  type = 'default' as Type,
  value,
  defaultValue,
  onChange,
  valueFormat,
  labelSeparator,
  locale,
  closeOnChange = true,
  sortDates: _sortDates,
  size = 'sm',
  variant,
  dropdownType = 'popover',
  minDate,
  maxDate,
  defaultDate,
  valueFormatter,
  presets,
  onPointerEnter,
  onFocus,
  ...rest
}: PickerInputProps<Type> & { kind: keyof typeof CALENDARS }) {
  const dates = useDatesContext();
  const [dropdownOpened, dropdownHandlers] = useDisclosure(false);
  const [current, setCurrent] = useUncontrolled<Value<Type>>({
    value: value as Value<Type> | undefined,
    defaultValue: defaultValue as Value<Type> | undefined,
    finalValue: (type === 'range' ? [null, null] : null) as Value<Type>,
    onChange: onChange as ((value: Value<Type>) => void) | undefined,
  });
  const { calendarProps, others } = pickCalendarProps(rest);
  const formattedValue = getFormattedDate({
    type,
    date: current,
    locale: dates.getLocale(locale),
    format: valueFormat,
    labelSeparator: dates.getLabelSeparator(labelSeparator),
    formatter: valueFormatter,
  });
  const setValue = (next: Value<Type>) => {
    if (closeOnChange && (type === 'default' || (Array.isArray(next) && next[0] && next[1]))) dropdownHandlers.close();
    setCurrent(next);
  };
  const first = Array.isArray(current) ? current[0] : current;
  const Calendar = CALENDARS[kind];
  return (
    <PickerInputBase
      formattedValue={formattedValue}
      dropdownOpened={dropdownOpened}
      dropdownHandlers={dropdownHandlers}
      onClear={() => setValue((type === 'range' ? [null, null] : null) as Value<Type>)}
      shouldClear={first !== null && first !== undefined}
      value={current}
      size={size}
      variant={variant}
      dropdownType={dropdownType}
      // Fetched on intent, as the router fetches the next screen, so a click opens it at once.
      onPointerEnter={(event) => {
        void loadCalendars();
        onPointerEnter?.(event);
      }}
      onFocus={(event) => {
        void loadCalendars();
        onFocus?.(event);
      }}
      {...others}
      type={type}
      __staticSelector={kind}
    >
      <Suspense
        fallback={
          <Center w={252} h={252}>
            <Loader size="sm" />
          </Center>
        }
      >
        <Calendar
          {...calendarProps}
          size={size}
          variant={variant}
          type={type}
          value={current}
          defaultDate={first || defaultDate || getDefaultClampedDate({ maxDate, minDate })}
          onChange={setValue}
          locale={locale}
          __staticSelector={kind}
          __stopPropagation={dropdownType === 'popover'}
          minDate={minDate}
          maxDate={maxDate}
          presets={presets}
        />
      </Suspense>
    </PickerInputBase>
  );
}

/** Mantine's DatePickerInput, its calendar fetched on intent. */
export function DatePickerInput<Type extends SingleOrRange = 'default'>({
  valueFormat = 'MMMM D, YYYY',
  ...props
}: FieldProps<DatePickerInputProps<Type>>) {
  return <PickerInput<Type> kind="DatePickerInput" valueFormat={valueFormat} {...props} />;
}

/** Mantine's MonthPickerInput, its calendar fetched on intent. */
export function MonthPickerInput<Type extends SingleOrRange = 'default'>({
  valueFormat = 'MMMM YYYY',
  ...props
}: FieldProps<MonthPickerInputProps<Type>>) {
  return <PickerInput<Type> kind="MonthPickerInput" valueFormat={valueFormat} {...props} />;
}
