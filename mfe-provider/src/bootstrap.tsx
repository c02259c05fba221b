// The texts only this package uses (the message catalogue's provider area), before any module reads them.
import '@medora/shared/messages/provider';
// Standalone only: inside the shell the page already has the tokens and the kit's classes.
import '@medora/shared/tokens.css';
import '@medora/shared/kit.css';
import { StrictMode } from 'react';
import { createRoot } from 'react-dom/client';
import { BrowserRouter, Navigate, Route, Routes } from '@medora/shared/router';
import { QueryClientProvider } from '@tanstack/react-query';
import { queryClient } from '@medora/shared/query';
import AdminDashboardPage from './app/admin-dashboard-page';
import DoctorOnboardingPage from './app/doctor-onboarding-page';
import DoctorSignupPage from './app/doctor-signup-page';
import ProviderDashboardPage from './app/provider-dashboard-page';

// Standalone mount for this team's own development (`npm run dev -w mfe-provider`).
createRoot(document.getElementById('root')!).render(
  <StrictMode>
    <QueryClientProvider client={queryClient}>
      <BrowserRouter>
        <Routes>
          <Route path="/doctor-signup" element={<DoctorSignupPage />} />
          <Route path="/doctor-onboarding" element={<DoctorOnboardingPage />} />
          <Route path="/provider-dashboard" element={<ProviderDashboardPage />} />
          <Route path="/admin" element={<AdminDashboardPage />} />
          <Route path="*" element={<Navigate to="/provider-dashboard" replace />} />
        </Routes>
      </BrowserRouter>
    </QueryClientProvider>
  </StrictMode>,
);
