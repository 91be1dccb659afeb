/**
 * The SAML providers' metadata (a file, or an https address) read at start and every hour after, so a provider that
 * adds its next signing certificate to its metadata before it signs with it needs nobody to touch the portal. A read
 * that fails keeps the copy read before, with a log line; a provider never read yet is read at its first sign-on.
 */
import { readFile } from 'node:fs/promises';
import type { FastifyBaseLogger } from 'fastify';
import type { CobrandDirectory } from '../../cobrand/index.js';
import { bodyUpTo } from '../bounded-body.js';
import { isLoopbackHttp, ProviderSettingsError, type SamlRecord, type SamlSettings, secret } from '../providers.js';
import { certificatesIn, fingerprintOf } from './certificates.js';
import { type IdpMetadataValues, parseIdpMetadata } from './idp-metadata-xml.js';

export const METADATA_REFRESH_MS = 60 * 60_000;
const FETCH_TIMEOUT_MS = 10_000;
/** A provider's own metadata is tens of kilobytes; a federation's list of thousands is not what a record names. */
const MAX_BYTES = 5 * 1024 * 1024;

interface Copy {
  source: { url: string } | { file: string };
  entityId: string | undefined;
  values?: IdpMetadataValues;
  reading?: Promise<void>;
}

export class IdpMetadata {
  private readonly copies = new Map<string, Copy>();
  private timer: NodeJS.Timeout | undefined;

  constructor(
    private readonly env: Record<string, string | undefined>,
    private readonly log: Pick<FastifyBaseLogger, 'info' | 'warn'>,
  ) {}

  /** Reads the metadata the catalogue's records name now (without waiting), and all it knows every `refreshMs`. */
  start(cobrands: CobrandDirectory, refreshMs = METADATA_REFRESH_MS): void {
    void samlRecords(cobrands).then(
      (records) => Promise.all(records.filter(sourceOf).map((record) => this.read(this.copyFor(record)))),
      (error: Error) => this.log.warn({ reason: error.message }, 'SAML provider metadata: the catalogue not readable'),
    );
    this.timer = setInterval(() => void this.refresh(), refreshMs);
    this.timer.unref();
  }

  stop(): void {
    clearInterval(this.timer);
  }

  /** Reads every metadata document again; one that cannot be read keeps its copy. */
  async refresh(): Promise<void> {
    await Promise.all([...this.copies.values()].map((copy) => this.read(copy)));
  }

  /**
   * The record completed from its provider's metadata: a field the record gives wins over the metadata's. Throws
   * ProviderSettingsError naming what is missing.
   */
  async settings(cobrand: string, record: SamlRecord): Promise<SamlSettings> {
    const what = `the identity provider of ${cobrand}`;
    const metadata = sourceOf(record) ? await this.values(this.copyFor(record), what) : undefined;
    const idpEntityId = record.idpEntityId ?? metadata?.entityId;
    const ssoUrl = record.ssoUrl ?? metadata?.ssoUrl;
    const sloUrl = record.sloUrl ?? metadata?.sloUrl;
    const idpCertificates = record.idpCertificateEnv
      ? certificatesFrom(secret(this.env, record.idpCertificateEnv, what), `${what}: ${record.idpCertificateEnv}`)
      : metadata?.certificates;
    if (!idpEntityId || !ssoUrl || !idpCertificates)
      throw new ProviderSettingsError(`${what}: give idpEntityId, ssoUrl and idpCertificateEnv, or its metadata`);
    return { ...record, idpEntityId, ssoUrl, ...(sloUrl ? { sloUrl } : {}), idpCertificates };
  }

  private copyFor(record: SamlRecord): Copy {
    const source = sourceOf(record)!;
    const key = JSON.stringify([source, record.idpEntityId]);
    let copy = this.copies.get(key);
    if (!copy) this.copies.set(key, (copy = { source, entityId: record.idpEntityId }));
    return copy;
  }

  private async values(copy: Copy, what: string): Promise<IdpMetadataValues> {
    if (!copy.values) await this.read(copy);
    if (!copy.values) throw new ProviderSettingsError(`${what}: its metadata (${nameOf(copy)}) could not be read`);
    return copy.values;
  }

  /** One read at a time per document: a sign-on that needs it waits for the read under way. */
  private read(copy: Copy): Promise<void> {
    copy.reading ??= (async () => {
      const where = { metadata: nameOf(copy) };
      try {
        const values = parseIdpMetadata(await readSource(copy.source), copy.entityId);
        if (JSON.stringify(values) !== JSON.stringify(copy.values))
          this.log.info({ ...where, ...described(values) }, 'SAML provider metadata read');
        copy.values = values;
      } catch (error) {
        const reason = (error as Error).message;
        if (copy.values)
          this.log.warn(
            { ...where, reason },
            'SAML provider metadata not read again; the copy read before stays in use',
          );
        else this.log.warn({ ...where, reason }, 'SAML provider metadata not readable; its sign-on cannot start');
      } finally {
        copy.reading = undefined;
      }
    })();
    return copy.reading;
  }
}

/**
 * Why the provider metadata a record names cannot serve a sign-on (it cannot be read, or is not metadata for the
 * record's entity ID), or null: read once, for the start banner.
 */
export async function metadataProblem(record: SamlRecord): Promise<string | null> {
  const source = sourceOf(record);
  if (!source) return null;
  try {
    parseIdpMetadata(await readSource(source), record.idpEntityId);
    return null;
  } catch (error) {
    return `the provider's metadata (${'url' in source ? source.url : source.file}) could not be read: ${(error as Error).message}`;
  }
}

async function samlRecords(cobrands: CobrandDirectory): Promise<SamlRecord[]> {
  return (await cobrands.identityProviders()).filter((idp): idp is SamlRecord => idp?.protocol === 'saml');
}

const sourceOf = (record: SamlRecord): Copy['source'] | undefined =>
  record.idpMetadataUrl
    ? { url: record.idpMetadataUrl }
    : record.idpMetadataFile
      ? { file: record.idpMetadataFile }
      : undefined;

const nameOf = ({ source }: Copy) => ('url' in source ? source.url : source.file);

/** What an operator checks in the log during a rollover: the addresses and which certificates are trusted. */
const described = ({ certificates, ...values }: IdpMetadataValues) => ({
  ...values,
  certificates: certificates.map(fingerprintOf),
});

function certificatesFrom(text: string, what: string): string[] {
  try {
    return certificatesIn(text, what);
  } catch (error) {
    throw new ProviderSettingsError((error as Error).message);
  }
}

async function readSource(source: Copy['source']): Promise<string> {
  if ('file' in source) {
    const text = await readFile(source.file, 'utf8');
    if (text.length > MAX_BYTES) throw new Error(`larger than ${MAX_BYTES} bytes`);
    return text;
  }
  if (!source.url.startsWith('https:') && !isLoopbackHttp(source.url)) throw new Error('the address must be https');
  const response = await fetch(source.url, {
    signal: AbortSignal.timeout(FETCH_TIMEOUT_MS),
    headers: { accept: 'application/samlmetadata+xml, application/xml, text/xml' },
  });
  // A redirect may not lead from https to plain http elsewhere.
  if (!response.url.startsWith('https:') && !isLoopbackHttp(response.url))
    throw new Error(`redirected to ${response.url}, not https`);
  if (!response.ok) throw new Error(`the address answered ${response.status}`);
  return bodyUpTo(response, MAX_BYTES);
}
