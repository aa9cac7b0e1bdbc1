import { afterAll, beforeAll, beforeEach, describe, expect, it } from 'vitest';
import { type ZohoDouble, INVALID_OAUTHSCOPE_BODY, startZohoDouble } from './zoho-double';
import { COMPOSE_SCOPE, connect, mailPost, refreshGrant } from './zoho-test-client';

let zoho: ZohoDouble;
let readOnly: string;
let composer: { accessToken: string; refreshToken: string };

beforeAll(async () => {
  zoho = await startZohoDouble();
  readOnly = (await connect(zoho)).accessToken;
  composer = await connect(zoho, COMPOSE_SCOPE);
});

afterAll(async () => {
  await zoho.close();
});

beforeEach(() => {
  zoho.reset();
});

const messagesPath = () => `/api/accounts/${zoho.mailbox.accountId}/messages`;
const draft = (fields: Record<string, string> = {}) => ({
  fromAddress: zoho.mailbox.primaryEmailAddress,
  subject: 'Release planning',
  content: 'We moved the release to Friday.',
  mailFormat: 'plaintext',
  mode: 'draft',
  ...fields,
});

describe('the compose scope', () => {
  it('is refused without ZohoMail.messages.CREATE, as Zoho refuses a scope the grant lacks, and nothing is saved', async () => {
    const answer = await mailPost(zoho, readOnly, messagesPath(), draft());

    expect(answer.status).toBe(401);
    expect(answer.body).toEqual(INVALID_OAUTHSCOPE_BODY);
    expect(zoho.drafts).toEqual([]);
  });

  it('is granted when asked, named in the token answer, and kept by a refresh', async () => {
    const refreshed = await refreshGrant(zoho, composer.refreshToken);

    expect(refreshed.body.scope).toBe(COMPOSE_SCOPE);
    expect((await mailPost(zoho, String(refreshed.body.access_token), messagesPath(), draft())).status).toBe(200);
  });
});

describe('saving a draft', () => {
  it('keeps it for the test to read back, with no recipient unless one is given, and counts no send', async () => {
    const saved = await mailPost(zoho, composer.accessToken, messagesPath(), draft());
    const addressed = await mailPost(zoho, composer.accessToken, messagesPath(), draft({ toAddress: 'lucia@example.com,team@crearack.es' }));

    expect(saved).toMatchObject({ status: 200, body: { status: { code: 200, description: 'success' }, data: { messageId: expect.any(String) } } });
    expect(addressed.status).toBe(200);
    expect(zoho.drafts).toEqual([
      {
        messageId: (saved.body.data as { messageId: string }).messageId,
        fromAddress: zoho.mailbox.primaryEmailAddress,
        toAddress: '',
        subject: 'Release planning',
        content: 'We moved the release to Friday.',
        mailFormat: 'plaintext',
      },
      expect.objectContaining({ toAddress: 'lucia@example.com,team@crearack.es' }),
    ]);
    expect(zoho.sendAttempts).toEqual([]);
  });

  it('refuses what Zoho’s input checks refuse: another sender, an unknown field, a bad address, a bad format', async () => {
    const answers = await Promise.all(
      [
        draft({ fromAddress: 'someone@else.example' }),
        draft({ mailformat: 'plaintext' }),
        draft({ toAddress: 'not an address' }),
        draft({ mailFormat: 'markdown' }),
        draft({ mode: 'publish' }),
      ].map((body) => mailPost(zoho, composer.accessToken, messagesPath(), body)),
    );

    expect(answers.map((answer) => answer.status)).toEqual([400, 400, 400, 400, 400]);
    expect(answers[1]?.body).toMatchObject({ data: { errorCode: 'EXTRA_PARAM_FOUND' } });
    expect(zoho.drafts).toEqual([]);
  });

  it('answers 404 for an account that is not the member’s', async () => {
    const answer = await mailPost(zoho, composer.accessToken, '/api/accounts/1234567890/messages', draft());
    expect(answer).toMatchObject({ status: 404, body: { data: { errorCode: 'INVALID_ACCOUNT' } } });
  });
});

describe('sending', () => {
  it('is recorded as an attempt whatever Zoho answers: taken, refused for its scope, or for its input', async () => {
    const send = { fromAddress: zoho.mailbox.primaryEmailAddress, toAddress: 'lucia@example.com', subject: 'Notes', content: 'Hello' };
    const taken = await mailPost(zoho, composer.accessToken, messagesPath(), send);
    const noScope = await mailPost(zoho, readOnly, messagesPath(), send);
    const noRecipient = await mailPost(zoho, composer.accessToken, messagesPath(), { ...send, toAddress: undefined });
    const template = await mailPost(zoho, composer.accessToken, messagesPath(), { ...send, mode: 'template' });

    expect([taken.status, noScope.status, noRecipient.status, template.status]).toEqual([200, 401, 400, 200]);
    expect(zoho.sendAttempts).toHaveLength(4);
    expect(zoho.sendAttempts[0]).toEqual(send);
    expect(zoho.drafts).toEqual([]);
  });

  it('is forgotten by reset, with the drafts', async () => {
    await mailPost(zoho, composer.accessToken, messagesPath(), { fromAddress: zoho.mailbox.primaryEmailAddress, toAddress: 'lucia@example.com' });
    await mailPost(zoho, composer.accessToken, messagesPath(), draft());
    zoho.reset();
    expect([zoho.sendAttempts, zoho.drafts]).toEqual([[], []]);
  });
});
