import { describe, expect, it } from 'vitest';
import { applySettingsPatch, DEFAULT_SETTINGS, type Settings } from '../../../shared/settings';
import type { SettingsStore } from '../settings/settings-store';
import { createZohoEndpoints } from './zoho-endpoints';

function memorySettings(initial: Settings = DEFAULT_SETTINGS): SettingsStore {
  let settings = initial;
  return {
    get: () => settings,
    update(patch) {
      settings = applySettingsPatch(settings, patch);
      return settings;
    },
  };
}

describe('Zoho endpoints', () => {
  it('derive both hosts from the data centre in Settings (zoho.com by default)', () => {
    const settings = memorySettings();
    const endpoints = createZohoEndpoints({ settings });
    expect([endpoints.dataCentre(), endpoints.accountsUrl(), endpoints.mailUrl()]).toEqual([
      'com',
      'https://accounts.zoho.com',
      'https://mail.zoho.com',
    ]);
    settings.update({ zoho: { dataCentre: 'ca' } });
    expect([endpoints.accountsUrl(), endpoints.mailUrl()]).toEqual(['https://accounts.zohocloud.ca', 'https://mail.zohocloud.ca']);
  });

  it('trust only Zoho’s own accounts servers when Zoho names one', () => {
    const endpoints = createZohoEndpoints({ settings: memorySettings() });
    expect(endpoints.accountsServer({ url: 'https://accounts.zoho.eu' })).toEqual({ url: 'https://accounts.zoho.eu', dataCentre: 'eu' });
    expect(endpoints.accountsServer({ location: 'au' })).toEqual({ url: 'https://accounts.zoho.com.au', dataCentre: 'com.au' });
    expect(endpoints.accountsServer({ url: 'https://accounts.zoho.eu.evil.example' })).toBeNull();
    expect(endpoints.accountsServer({ url: 'http://127.0.0.1:8080' })).toBeNull();
    expect(endpoints.accountsServer({ location: 'mars' })).toBeNull();
  });

  it('accept a local server only when it is one the hosts were overridden with (harness and tests)', () => {
    const endpoints = createZohoEndpoints({
      settings: memorySettings(),
      overrides: { accountsUrl: 'http://127.0.0.1:4100', dataCentres: { eu: { accountsUrl: 'http://127.0.0.1:4200', mailUrl: 'http://127.0.0.1:4201' } } },
    });
    expect(endpoints.accountsServer({ url: 'http://127.0.0.1:4100', location: 'eu' })).toEqual({ url: 'http://127.0.0.1:4100', dataCentre: 'eu' });
    expect(endpoints.accountsServer({ location: 'eu' })).toEqual({ url: 'http://127.0.0.1:4200', dataCentre: 'eu' });
    expect(endpoints.accountsServer({ url: 'http://127.0.0.1:4300' })).toBeNull();
  });

  it('after a connect elsewhere, move Settings to the member’s data centre and take tokens from there', () => {
    const settings = memorySettings();
    const endpoints = createZohoEndpoints({ settings });
    endpoints.settle({ url: 'https://accounts.zoho.eu', dataCentre: 'eu' });
    expect(settings.get().zoho.dataCentre).toBe('eu');
    expect([endpoints.accountsUrl(), endpoints.mailUrl(), endpoints.webMailUrl()]).toEqual([
      'https://accounts.zoho.eu',
      'https://mail.zoho.eu',
      'https://mail.zoho.eu',
    ]);
  });

  it('keep the web app on Zoho’s https host even when the API is a local double', () => {
    const endpoints = createZohoEndpoints({ settings: memorySettings(), overrides: { accountsUrl: 'http://127.0.0.1:1', mailUrl: 'http://127.0.0.1:2' } });
    expect([endpoints.mailUrl(), endpoints.webMailUrl()]).toEqual(['http://127.0.0.1:2', 'https://mail.zoho.com']);
  });
});
