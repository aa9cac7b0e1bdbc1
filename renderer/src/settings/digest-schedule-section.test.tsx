import { fireEvent, screen } from '@testing-library/react';
import userEvent from '@testing-library/user-event';
import { describe, expect, it } from 'vitest';
import { DEFAULT_DIGEST_SETTINGS, type DigestSettings } from '../../../shared/digest';
import { err, ok } from '../../../shared/result';
import { DEFAULT_SETTINGS } from '../../../shared/settings';
import { createFakeMain, type FakeHandlers } from '../testing/fake-main';
import { renderWithApp } from '../testing/render-with-app';
import { DigestScheduleSection } from './digest-schedule-section';

const INVALID = 'Enter a time of day such as 08:00.';

function setup(options: { digest?: DigestSettings; handlers?: FakeHandlers } = {}) {
  const main = createFakeMain({ settings: { digest: options.digest ?? DEFAULT_DIGEST_SETTINGS }, handlers: options.handlers ?? {} });
  const user = userEvent.setup();
  const view = renderWithApp(<DigestScheduleSection />, { api: main.api });
  return { ...main, user, view };
}

const enabledBox = () => screen.getByRole('checkbox', { name: 'Run the morning pass' });
const weekdaysBox = () => screen.getByRole('checkbox', { name: 'Weekdays only' });
const timeField = () => screen.getByLabelText('Time');
const button = (name: string) => screen.getByRole('button', { name });
const updates = (invoke: ReturnType<typeof createFakeMain>['invoke']) =>
  invoke.mock.calls.filter(([channel]) => channel === 'settings:update').map(([, input]) => input);

describe('Morning mailbox pass settings', () => {
  it('shows the stored schedule and when the pass runs', async () => {
    setup({ digest: { enabled: true, time: '07:15', weekdaysOnly: false } });
    expect(await screen.findByRole('checkbox', { name: 'Run the morning pass' })).toBeChecked();
    expect(timeField()).toHaveValue('07:15');
    expect(weekdaysBox()).not.toBeChecked();
    expect(screen.getByText(/while Staff Desk is open it runs at the time below, by this computer's clock/i)).toBeVisible();
    expect(screen.getByText(/it also runs if the last pass is more than 12 hours old/)).toBeVisible();
    expect(screen.queryByRole('button', { name: 'Cancel' })).not.toBeInTheDocument();
  });

  it('saves a new time alone, and shows it when Settings is opened again', async () => {
    const { user, invoke, view, api } = setup();
    const field = await screen.findByLabelText('Time');
    await user.clear(field);
    await user.type(field, '0730');
    await user.click(button('Save'));

    expect(updates(invoke)).toEqual([{ digest: { time: '07:30' } }]);
    expect(await screen.findByText('Saved: the morning pass runs every weekday at 07:30.')).toBeVisible();
    expect(button('Save')).toHaveFocus();

    view.unmount();
    renderWithApp(<DigestScheduleSection />, { api });
    expect(await screen.findByLabelText('Time')).toHaveValue('07:30');
    expect(enabledBox()).toBeChecked();
    expect(weekdaysBox()).toBeChecked();
  });

  it.each([
    ['an empty time', ''],
    ['a time with seconds', '08:00:30'],
  ])('refuses %s beside the field, without calling main', async (_case, value) => {
    const { user, invoke } = setup();
    fireEvent.change(await screen.findByLabelText('Time'), { target: { value } });
    await user.click(button('Save'));

    expect(timeField()).toBeInvalid();
    expect(timeField()).toHaveAccessibleDescription(INVALID);
    expect(timeField()).toHaveFocus();
    expect(updates(invoke)).toEqual([]);

    await user.type(timeField(), '0915');
    expect(timeField()).toBeValid();
    expect(screen.queryByText(INVALID)).not.toBeInTheDocument();
  });

  it('turns the morning pass off, saying that Run pass now still works', async () => {
    const { user, invoke } = setup();
    await user.click(await screen.findByRole('checkbox', { name: 'Run the morning pass' }));
    await user.click(button('Save'));

    expect(updates(invoke)).toEqual([{ digest: { enabled: false } }]);
    expect(await screen.findByText('Saved: the morning pass is off. Run pass now, in the Secretary pane, still works.')).toBeVisible();
    expect(enabledBox()).not.toBeChecked();
  });

  it('includes weekends when Weekdays only is cleared', async () => {
    const { user, invoke } = setup();
    await user.click(await screen.findByRole('checkbox', { name: 'Weekdays only' }));
    await user.click(button('Save'));

    expect(updates(invoke)).toEqual([{ digest: { weekdaysOnly: false } }]);
    expect(await screen.findByText(`Saved: the morning pass runs every day at ${DEFAULT_DIGEST_SETTINGS.time}.`)).toBeVisible();
  });

  it('says there is nothing to save when the schedule did not change', async () => {
    const { user, invoke } = setup();
    await user.click(await screen.findByRole('button', { name: 'Save' }));
    expect(screen.getByRole('status')).toHaveTextContent('Nothing to save: the schedule was not changed.');
    expect(updates(invoke)).toEqual([]);
  });

  it('puts the stored schedule back on Cancel', async () => {
    const { user, invoke } = setup({ digest: { enabled: true, time: '06:45', weekdaysOnly: true } });
    await user.click(await screen.findByRole('checkbox', { name: 'Weekdays only' }));
    await user.clear(timeField());
    await user.click(button('Save'));
    expect(timeField()).toBeInvalid();

    await user.click(button('Cancel'));
    expect(timeField()).toHaveValue('06:45');
    expect(timeField()).toBeValid();
    expect(weekdaysBox()).toBeChecked();
    expect(screen.queryByRole('button', { name: 'Cancel' })).not.toBeInTheDocument();
    expect(button('Save')).toHaveFocus();
    expect(updates(invoke)).toEqual([]);
  });

  it('keeps what the member chose and says why when main cannot store it', async () => {
    const { user } = setup({
      handlers: { 'settings:update': () => err('INTERNAL', 'Your settings could not be saved.', { hint: 'Check that the disk is not full.' }) },
    });
    await user.click(await screen.findByRole('checkbox', { name: 'Run the morning pass' }));
    await user.click(button('Save'));

    expect(await screen.findByText('Check that the disk is not full.')).toBeVisible();
    expect(enabledBox()).not.toBeChecked();
    expect(button('Cancel')).toBeEnabled();
  });

  it('says why the schedule could not be read and reads it again on request', async () => {
    let failing = true;
    const stored = { enabled: false, time: '09:10', weekdaysOnly: true };
    const { user } = setup({
      handlers: { 'settings:get': () => (failing ? err('INTERNAL', 'Settings unreadable.') : ok({ ...DEFAULT_SETTINGS, digest: stored })) },
    });
    expect(await screen.findByText(/Something went wrong inside Staff Desk/)).toBeVisible();
    expect(screen.queryByRole('checkbox')).not.toBeInTheDocument();

    failing = false;
    await user.click(button('Try again'));
    expect(await screen.findByLabelText('Time')).toHaveValue('09:10');
    expect(enabledBox()).not.toBeChecked();
  });
});
