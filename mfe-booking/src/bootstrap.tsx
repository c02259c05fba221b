import { StrictMode } from 'react';
import { createRoot } from 'react-dom/client';
import { BrowserRouter, Route, Routes } from 'react-router-dom';
import BookingPage from './app/booking-page';

// Standalone mount for this team's own development (`npm run dev -w mfe-booking`).
createRoot(document.getElementById('root')!).render(
  <StrictMode>
    <BrowserRouter>
      <Routes>
        <Route path="*" element={<BookingPage />} />
      </Routes>
    </BrowserRouter>
  </StrictMode>,
);
