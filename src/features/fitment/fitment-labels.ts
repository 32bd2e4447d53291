import type { ValidatedPart } from '../../contracts/fitment/validate-fitment';
import type { FitmentChoice } from '../../domain/fitment';

export type FitTone = 'success' | 'danger' | 'warning' | 'neutral';

/** §2 "Product card": the fitment button's label and colour by result. */
export function fitmentButtonLook(
  result: ValidatedPart['result'],
  vehicleChosen: boolean,
): { label: string; tone: FitTone } {
  switch (result) {
    case 'yes':
    case 'universal':
      return { label: 'Fits Your Vehicle', tone: 'success' };
    case 'no':
      return { label: "Doesn't Fit Your Vehicle", tone: 'danger' };
    case 'unknown':
      return { label: 'Unknown Fitment', tone: 'warning' };
    case 'maybe':
      return { label: vehicleChosen ? 'Verify Fitment' : 'Select Vehicle', tone: 'neutral' };
  }
}

/** §4: yes or universal fits; no will not fit; maybe and unknown say nothing. */
export function fitmentResultText(result: ValidatedPart['result']): string {
  if (result === 'yes' || result === 'universal') return 'This part fits your vehicle.';
  if (result === 'no') return 'This part will not fit your vehicle.';
  return '';
}

/** §4: a 'maybe' prompt's choices sort year descending, others ascending by label. */
export function sortChoices(name: string, choices: readonly FitmentChoice[]): FitmentChoice[] {
  const out = [...choices];
  if (name === 'Year') out.sort((a, b) => Number(b.id) - Number(a.id));
  else out.sort((a, b) => a.label.localeCompare(b.label, 'en', { numeric: true }));
  return out;
}
