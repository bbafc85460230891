import { useState } from 'react';
import { QueryClientProvider } from '@tanstack/react-query';
import { BrowserRouter, Route, Routes, useLocation } from '@groupflow/shell-kit/router';
import { createQueryClient } from '@groupflow/shell-kit';
import { areaOfPath } from '@groupflow/core/contracts';
import { Toaster } from './toaster/Toaster.tsx';
import { RemoteArea } from './remotes/RemoteArea.tsx';
import { NotFound } from './NotFound.tsx';
import { DiagnosticsHost } from './diagnostics/DiagnosticsHost.tsx';

/** Picks the remote that owns the path; the remote's own <Routes> then picks the screen. */
function AreaForLocation() {
  const area = areaOfPath(useLocation().pathname);
  return area ? <RemoteArea area={area} /> : <NotFound />;
}

export function App() {
  const [queryClient] = useState(createQueryClient);
  return (
    <QueryClientProvider client={queryClient}>
      <Toaster>
        <BrowserRouter>
          <Routes>
            <Route path="*" element={<AreaForLocation />} />
          </Routes>
          <DiagnosticsHost />
        </BrowserRouter>
      </Toaster>
    </QueryClientProvider>
  );
}
