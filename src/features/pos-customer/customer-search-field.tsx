import { TextField } from '../../ui/field';

/** The customer search box: name, email or phone, searched as it is typed. */
export function CustomerSearchField({
  label,
  value,
  onChange,
}: {
  label: string;
  value: string;
  onChange: (text: string) => void;
}) {
  return (
    <TextField
      label={label}
      type="search"
      placeholder="Search by name, email, or phone number"
      value={value}
      onChange={(e) => onChange(e.target.value)}
    />
  );
}
