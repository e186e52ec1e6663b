import { Center, Input, Loader, Popover, useInputProps } from '@mantine/core';
import {
  pickCalendarProps,
  type DatePickerInputProps,
  type DatesRangeValue,
  type DateValue,
  type MonthPickerInputProps,
} from '@mantine/dates';
import { useDisclosure, useUncontrolled } from '@mantine/hooks';

import { formatDay } from '@/lib/date-format';
import classes from './picker-inputs.module.css';
import { lazyRetrying } from '@/lib/lazy-retrying';
import { LazyPart } from '@/components/part-load-boundary';

/*
 * Mantine's DatePickerInput and MonthPickerInput as they render (its PickerInputBase: a button
 * in the field's wrapper, the calendar in a popover), but only the field comes with the screen:
 * the calendar, @mantine/dates and dayjs (6 KB received) are fetched when the field is first
 * pointed at or focused. The field writes its value itself, in the two formats the screens use.
 */

type SingleOrRange = 'default' | 'range';
type Value<Type extends SingleOrRange> = Type extends 'range' ? DatesRangeValue<string> : DateValue;
/** The formats the screens show: a day, or a month in the user's language. */
type ValueFormat = 'DD-MM-YYYY' | 'MMMM YYYY';

const loadCalendar = () => import('./calendars');
const FieldCalendar = lazyRetrying(loadCalendar);

/** A day or month as `format` writes it: a day (`YYYY-MM-DD`) as `DD-MM-YYYY`, or `March 2026` / `Mac 2026`. */
function formatOne(value: string, format: ValueFormat, locale: string | undefined) {
  if (format === 'DD-MM-YYYY') return formatDay(value);
  const [year, month] = value.split('-').map(Number) as [number, number];
  return new Intl.DateTimeFormat(locale ?? 'en', { month: 'long', year: 'numeric' }).format(new Date(year, month - 1, 1));
}

/** What the field shows, as @mantine/dates writes it: one date, or a range's ends with a dash between. */
function formatValue(value: DateValue | DatesRangeValue<string>, format: ValueFormat, locale: string | undefined, separator: string) {
  if (!Array.isArray(value)) return value ? formatOne(String(value), format, locale) : '';
  const [start, end] = value;
  if (start && end) return `${formatOne(start, format, locale)} ${separator} ${formatOne(end, format, locale)}`;
  return start ? `${formatOne(start, format, locale)} ${separator} ` : '';
}

// Without the Styles API's classNames, styles and vars, which the screens leave to the theme.
type FieldProps<Props> = Omit<Props, 'classNames' | 'styles' | 'vars' | 'valueFormat' | 'valueFormatter' | 'dropdownType'> & {
  valueFormat: ValueFormat;
};
type PickerInputProps<Type extends SingleOrRange> = FieldProps<DatePickerInputProps<Type> | MonthPickerInputProps<Type>>;

function PickerInput<Type extends SingleOrRange>({
  kind,
  type = 'default' as Type,
  value,
  defaultValue,
  onChange,
  valueFormat,
  labelSeparator = '–',
  locale,
  closeOnChange = true,
  sortDates: _sortDates,
  clearable,
  clearButtonProps,
  presets,
  onPointerEnter,
  onFocus,
  ...rest
}: PickerInputProps<Type> & { kind: 'DatePickerInput' | 'MonthPickerInput' }) {
  const [opened, dropdown] = useDisclosure(false);
  const [current, setCurrent] = useUncontrolled<Value<Type>>({
    value: value as Value<Type> | undefined,
    defaultValue: defaultValue as Value<Type> | undefined,
    finalValue: (type === 'range' ? [null, null] : null) as Value<Type>,
    onChange: onChange as ((value: Value<Type>) => void) | undefined,
  });
  const { calendarProps, others } = pickCalendarProps(rest);
  const { inputProps, wrapperProps, placeholder, readOnly, disabled, popoverProps, rightSection, ...field } = useInputProps(
    'PickerInputBase',
    { size: 'sm' },
    { ...others, __staticSelector: kind },
  );
  const empty = (type === 'range' ? [null, null] : null) as Value<Type>;
  const setValue = (next: Value<Type>) => {
    if (closeOnChange && (type === 'default' || (Array.isArray(next) && next[0] && next[1]))) dropdown.close();
    setCurrent(next);
  };
  const first = Array.isArray(current) ? current[0] : current;
  // A range left half-picked is let go when the dropdown closes, as @mantine/dates does.
  const close = () => {
    if (type === 'range' && Array.isArray(current) && current[0] && !current[1]) setCurrent(empty);
    dropdown.close();
  };
  const formatted = formatValue(current, valueFormat, locale, labelSeparator);
  return (
    <Input.Wrapper {...wrapperProps}>
      <Popover
        position="bottom-start"
        opened={opened}
        trapFocus
        returnFocus={false}
        {...popoverProps}
        disabled={popoverProps?.disabled || readOnly}
        onChange={(next) => {
          if (!next) close();
        }}
      >
        <Popover.Target>
          <Input
            data-dates-input
            data-read-only={readOnly || undefined}
            disabled={disabled}
            component="button"
            type="button"
            multiline
            onClick={dropdown.toggle}
            // Fetched on intent, as the router fetches the next screen, so a click opens it at once.
            onPointerEnter={(event: React.PointerEvent<HTMLButtonElement>) => {
              void loadCalendar();
              onPointerEnter?.(event);
            }}
            onFocus={(event: React.FocusEvent<HTMLButtonElement>) => {
              void loadCalendar();
              onFocus?.(event);
            }}
            __clearSection={<Input.ClearButton onClick={() => setValue(empty)} {...clearButtonProps} />}
            __clearable={clearable && first !== null && first !== undefined && !readOnly && !disabled}
            rightSection={rightSection}
            {...inputProps}
            {...field}
            classNames={{ input: classes.input }}
          >
            {formatted || <Input.Placeholder __staticSelector={kind}>{placeholder}</Input.Placeholder>}
          </Input>
        </Popover.Target>
        <Popover.Dropdown data-dates-dropdown>
          <LazyPart
            fallback={
              <Center w={252} h={252}>
                <Loader size="sm" />
              </Center>
            }
          >
            <FieldCalendar
              {...calendarProps}
              kind={kind}
              size={inputProps.size}
              variant={inputProps.variant}
              type={type}
              value={current}
              first={first as string | null}
              onChange={setValue as (value: unknown) => void}
              locale={locale}
              presets={presets}
            />
          </LazyPart>
        </Popover.Dropdown>
      </Popover>
    </Input.Wrapper>
  );
}

/** Mantine's DatePickerInput, its calendar fetched on intent. */
export function DatePickerInput<Type extends SingleOrRange = 'default'>(props: FieldProps<DatePickerInputProps<Type>>) {
  return <PickerInput<Type> kind="DatePickerInput" {...props} />;
}

/** Mantine's MonthPickerInput, its calendar fetched on intent. */
export function MonthPickerInput<Type extends SingleOrRange = 'default'>(props: FieldProps<MonthPickerInputProps<Type>>) {
  return <PickerInput<Type> kind="MonthPickerInput" {...props} />;
}
