// The texts only this package uses (the message catalogue's patient area), before any module reads them.
import '@medora/shared/messages/patient';
import { StrictMode } from 'react';
import '@medora/shared/tokens.css';
import '@medora/shared/kit.css';
import { createRoot } from 'react-dom/client';
import { BrowserRouter, Navigate, Route, Routes } from '@medora/shared/router';
import { QueryClientProvider } from '@tanstack/react-query';
import { queryClient } from '@medora/shared/query';
import DashboardPage from './app/dashboard-page';
import IntakePage from './app/intake-page';

// Standalone mount for this team's own development (`npm run dev -w mfe-patient`).
createRoot(document.getElementById('root')!).render(
  <StrictMode>
    <QueryClientProvider client={queryClient}>
      <BrowserRouter>
        <Routes>
          <Route path="/dashboard" element={<DashboardPage />} />
          <Route path="/form" element={<IntakePage />} />
          <Route path="*" element={<Navigate to="/dashboard" replace />} />
        </Routes>
      </BrowserRouter>
    </QueryClientProvider>
  </StrictMode>,
);
