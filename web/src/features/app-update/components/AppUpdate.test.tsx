import { render, screen } from '@testing-library/react';
import { UpdatingScreen } from '@/features/app-update/components/AppUpdate';
import { AppProviders } from '@/app/providers';

describe('UpdatingScreen', () => {
  it('covers the page with a status that says the new version is being applied', () => {
    render(
      <AppProviders>
        <UpdatingScreen />
      </AppProviders>,
    );
    expect(screen.getByRole('status')).toHaveTextContent('Updating to the latest version…');
  });
});
