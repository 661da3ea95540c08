/**
 * What a read or typed text names: a check code (PITLANE:<reference>:<token>, any case), or a reference
 * typed in any case, with or without its dash or spaces; undefined when it is neither.
 */
export function readTarget(text: string): { code: string; reference: string } | { reference: string } | undefined {
  const clean = text.trim().toUpperCase();
  const code = /^PITLANE:([A-Z0-9]{8}):([A-Z2-7]{24})$/.exec(clean);
  if (code) return { code: clean, reference: `${code[1].slice(0, 4)}-${code[1].slice(4)}` };
  const ref = clean.replace(/[\s-]/g, '');
  if (/^[A-HJ-NP-Z2-9]{8}$/.test(ref)) return { reference: `${ref.slice(0, 4)}-${ref.slice(4)}` };
  return undefined;
}
