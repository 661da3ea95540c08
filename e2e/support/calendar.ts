import { expect, type Locator } from '@playwright/test';

/**
 * Moves a week calendar (FullCalendar's week view: a column header with data-date="YYYY-MM-DD" per day)
 * forward with its toolbar's `next` button until the week shown holds `day`, at most `weeks` weeks ahead.
 * Each move waits until the calendar shows the next week, so no week is skipped however slowly it draws.
 */
export async function showWeekOf(calendar: Locator, next: Locator, day: string, weeks = 10): Promise<void> {
  const days = calendar.locator('[role="columnheader"][data-date]');
  for (let moved = 0; ; moved++) {
    await expect(days.first()).toBeVisible();
    const shown = await days.evaluateAll((cells) => cells.map((cell) => cell.getAttribute('data-date') ?? ''));
    if (shown.includes(day)) return;
    expect(moved, `${day} within ${weeks} weeks of ${shown[0]}`).toBeLessThan(weeks);
    await next.click();
    await expect(days.first()).not.toHaveAttribute('data-date', shown[0]);
  }
}
