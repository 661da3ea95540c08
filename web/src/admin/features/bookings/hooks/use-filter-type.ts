import { useState } from 'react';
import type { FilterType } from '@/admin/features/bookings/api/bookings';

/** Where the bookings filter choice is remembered across visits (admin spec section 2). */
export const FILTER_STORAGE_KEY = 'pitlane.staff.bookingsFilter';

function storedFilter(): FilterType {
  try {
    return localStorage.getItem(FILTER_STORAGE_KEY) === 'fechaVenta' ? 'fechaVenta' : 'fechaReserva';
  } catch {
    return 'fechaReserva';
  }
}

/** The bookings filter (session date by default), remembered in localStorage whenever it changes. */
export function useFilterType(): [FilterType, (value: FilterType) => void] {
  const [filter, setFilter] = useState<FilterType>(storedFilter);
  const change = (value: FilterType) => {
    setFilter(value);
    try {
      localStorage.setItem(FILTER_STORAGE_KEY, value);
    } catch {
      // storage disabled: remembered until the page is left
    }
  };
  return [filter, change];
}
