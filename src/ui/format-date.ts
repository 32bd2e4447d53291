const display = new Intl.DateTimeFormat('en-US', {
  month: 'numeric',
  day: 'numeric',
  year: '2-digit',
  hour: 'numeric',
  minute: '2-digit',
});

/** The spec's default display 'M/d/yy h:mm a' ("11/22/26 4:05 PM"); unparsable input is returned unchanged. */
export function formatDateTime(value: string): string {
  const date = new Date(value);
  if (Number.isNaN(date.getTime())) return value;
  return display.format(date).replace(',', '');
}
