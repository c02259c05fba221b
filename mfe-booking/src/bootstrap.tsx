// The texts only this package uses (the message catalogue's booking area), before any module reads them.
import '@medora/shared/messages/booking';
// Standalone only: inside the shell the page already has the tokens and the kit's classes.
import '@medora/shared/tokens.css';
import '@medora/shared/kit.css';
import { StrictMode } from 'react';
import { createRoot } from 'react-dom/client';
import { BrowserRouter, Route, Routes } from '@medora/shared/router';
import { QueryClientProvider } from '@tanstack/react-query';
import { queryClient } from '@medora/shared/query';
import BookingPage from './app/booking-page';
import BookingFlow from './app/booking-flow';

// Standalone mount for this team's own development (`npm run dev -w mfe-booking`): the page at any
// path, the dashboard variant of the exposed flow at /dashboard-tab. Without the shell there is no
// sign-in, so the doctor list waits for a signed-in user in the shared auth store.
createRoot(document.getElementById('root')!).render(
  <StrictMode>
    <QueryClientProvider client={queryClient}>
      <BrowserRouter>
        <Routes>
          <Route path="/dashboard-tab" element={<BookingFlow variant="dashboard" />} />
          <Route path="*" element={<BookingPage />} />
        </Routes>
      </BrowserRouter>
    </QueryClientProvider>
  </StrictMode>,
);
