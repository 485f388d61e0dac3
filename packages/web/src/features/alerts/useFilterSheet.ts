import { useCallback, useState } from 'react';

export interface FilterSheetState {
  opened: boolean;
  /** True once the sheet was first opened: its code is fetched then, and it stays mounted after. */
  loaded: boolean;
  toggle: () => void;
  close: () => void;
}

/** The filter sheet's state: shut, and not even loaded, until the filter button is first pressed. */
export function useFilterSheet(): FilterSheetState {
  const [opened, setOpened] = useState(false);
  const [loaded, setLoaded] = useState(false);
  const toggle = useCallback(() => {
    setLoaded(true);
    setOpened((open) => !open);
  }, []);
  const close = useCallback(() => setOpened(false), []);
  return { opened, loaded, toggle, close };
}
