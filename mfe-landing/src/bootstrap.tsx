// The texts only this package uses (the message catalogue's landing area), before any module reads them.
import '@medora/shared/messages/landing';
// Standalone only: inside the shell the page already has the tokens and the kit's classes.
import '@medora/shared/tokens.css';
import '@medora/shared/kit.css';
import { StrictMode } from 'react';
import { createRoot } from 'react-dom/client';
import LandingPage from './app/landing-page';

// Standalone mount for this team's own development (`npm run dev -w mfe-landing`). The page needs no
// router: its links are plain anchors.
createRoot(document.getElementById('root')!).render(
  <StrictMode>
    <LandingPage />
  </StrictMode>,
);
