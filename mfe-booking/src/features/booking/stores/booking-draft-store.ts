import { create } from 'zustand';

/** The booking being put together: one small store, actions inside. */
export interface BookingDraftState {
  /** The dashboard variant shows an intro until the patient starts. */
  started: boolean;
  /** Key of the chosen doctor: its id, or name|clinic for the built-in sample doctors. */
  doctorKey: string | null;
  /** 'YYYY-MM-DD' */
  date: string | null;
  /** 'hh:mm AM/PM' */
  slot: string | null;
  notes: string;
  start: () => void;
  /** Choosing a doctor starts over from the date. */
  selectDoctor: (doctorKey: string) => void;
  /** Choosing a date clears the time slot. */
  selectDate: (date: string) => void;
  selectSlot: (slot: string) => void;
  setNotes: (notes: string) => void;
  /** Clears the slot only, e.g. after someone else took it. */
  clearSlot: () => void;
  /** Reset clears everything; `keepStarted` stays in the steps on the dashboard. */
  reset: (options?: { keepStarted?: boolean }) => void;
}

// The notes start empty; 'Follow-up appointment' is the placeholder and the default sent.
const EMPTY = { doctorKey: null, date: null, slot: null, notes: '' };

export const useBookingDraft = create<BookingDraftState>()((set) => ({
  started: false,
  ...EMPTY,
  start: () => set({ started: true }),
  selectDoctor: (doctorKey) =>
    set((s) => (s.doctorKey === doctorKey ? s : { doctorKey, date: null, slot: null })),
  selectDate: (date) => set({ date, slot: null }),
  selectSlot: (slot) => set({ slot }),
  setNotes: (notes) => set({ notes }),
  clearSlot: () => set({ slot: null }),
  reset: (options) => set((s) => ({ ...EMPTY, started: options?.keepStarted ? s.started : false })),
}));
