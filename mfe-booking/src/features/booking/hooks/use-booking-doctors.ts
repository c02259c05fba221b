import { useCallback, useEffect, useState } from 'react';
import { api } from '@medora/shared';
import { loadDoctors, type BookableDoctor } from '../api/load-doctors';

export interface BookingDoctors {
  loading: boolean;
  doctors: BookableDoctor[];
  /** Fetches again (after a booking, or when a slot turned out to be taken). */
  reload: () => void;
}

/** The doctors the signed-in patient may book, with their taken slots. */
export function useBookingDoctors(uid: string | undefined): BookingDoctors {
  const [state, setState] = useState<{ loading: boolean; doctors: BookableDoctor[] }>({
    loading: true,
    doctors: [],
  });
  const [generation, setGeneration] = useState(0);

  useEffect(() => {
    if (!uid) return undefined;
    let live = true;
    setState((s) => ({ ...s, loading: s.doctors.length === 0 }));
    void loadDoctors(api, uid).then((result) => {
      if (live) setState({ loading: false, doctors: result.doctors });
    });
    return () => {
      live = false;
    };
  }, [uid, generation]);

  const reload = useCallback(() => setGeneration((g) => g + 1), []);
  return { ...state, reload };
}
