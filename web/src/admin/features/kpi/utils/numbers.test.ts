import { formatAmount, formatFigure, formatIncrement, round2, trendOf } from '@/admin/features/kpi/utils/numbers';

describe('KPI numbers', () => {
  it('rounds to two decimals', () => {
    expect(round2(12.345)).toBe(12.35);
    expect(round2(33.333333)).toBe(33.33);
    expect(round2(-4.005)).toBe(-4);
  });

  it('writes figures and amounts the language\'s way', () => {
    expect(formatFigure(1234.567, 'en')).toBe('1,234.57');
    expect(formatFigure(1234.567, 'de')).toBe('1.234,57');
    expect(formatFigure(7, 'en')).toBe('7');
    expect(formatAmount(1234.5, '€', 'EUR', 'en')).toBe('€1,234.50');
    expect(formatAmount(1234.5, '€', 'EUR', 'es')).toBe('1234,50\u00a0€');
  });

  it('writes an increment signed in percent with its trend', () => {
    expect(formatIncrement(12.345, 'en')).toBe('+12.35%');
    expect(formatIncrement(-50, 'en')).toBe('-50%');
    expect(formatIncrement(0, 'en')).toBe('0%');
    expect(trendOf(12.345)).toBe('up');
    expect(trendOf(-0.5)).toBe('down');
    expect(trendOf(0.004)).toBe('same');
  });
});
