import { notFound } from '../errors';
import type { SettingsRepo } from '../store/settings-repo';
import { newId } from '../store/ids';
import type { Account } from './deps';
import { checkCode, checkCodeFlavour, checkName, versionMessage, type CodeObjectInput } from './input';

/** The storage an artifact service needs (artifactStore's lookups). */
interface ArtifactLookups<Artifact, Version> {
  get(id: string): Artifact | undefined;
  version(versionId: string): Version | undefined;
}

/** What every version draft carries, whatever the kind. */
export interface DraftFields {
  id: string;
  name: string;
  description: string;
  code: string;
  createdAt: string;
  createdBy: string | null;
  /** The author's note on the version (trimmed; null when blank). */
  message: string | null;
}

/**
 * The part of the transformations and libraries services that is one concept: lookups that
 * answer 404 in the API's words, and the fields of a new version (given ones checked, the
 * rest taken from the latest version).
 */
export function artifactService<Artifact extends { latestVersionId: string | null }, Version extends { name: string; description: string; code: string }, Dto>(options: {
  kind: 'transformation' | 'library';
  repo: ArtifactLookups<Artifact, Version> & { list(): Artifact[] };
  /** The API's answer for an artifact (its latest version merged in). */
  present(artifact: Artifact, latest: Version): Dto;
  parentOf(version: Version): string;
  settings: SettingsRepo;
  account: Account;
}) {
  const { kind, repo } = options;
  const mustGet = (id: string): Artifact => {
    const artifact = repo.get(id);
    if (!artifact) throw notFound(`${kind} "${id}" not found`);
    return artifact;
  };
  const latest = (artifact: Artifact): Version => repo.version(artifact.latestVersionId!)!;
  const present = (artifact: Artifact): Dto => options.present(artifact, latest(artifact));
  return {
    mustGet,
    /** The latest version of an existing artifact. */
    latest,
    present,
    /** Every artifact that is not deleted, as the API answers it. */
    list: (): Dto[] => repo.list().map(present),
    /** One artifact as the API answers it (404 when unknown or deleted). */
    get: (id: string): Dto => present(mustGet(id)),
    /** A version of the artifact `id` (404 when either is unknown or the version belongs elsewhere). */
    mustGetVersion(id: string, versionId: string): { artifact: Artifact; version: Version } {
      const artifact = mustGet(id);
      const version = repo.version(versionId);
      if (!version || options.parentOf(version) !== id) throw notFound(`version "${versionId}" of ${kind} "${id}" not found`);
      return { artifact, version };
    },
    /**
     * Checked fields of a new version of artifact `id` (fields left out keep the latest version's
     * values), or of a first version when `id` is absent (name required).
     */
    draft(input: CodeObjectInput, id?: string): { fields: DraftFields; latest: Version | undefined } {
      checkCodeFlavour(input);
      const latest = id === undefined ? undefined : repo.version(mustGet(id).latestVersionId!)!;
      const fields = {
        id: newId(),
        name: input.name === undefined && latest ? latest.name : checkName(input.name),
        description: input.description ?? latest?.description ?? '',
        code: input.code === undefined ? (latest?.code ?? checkCode('', options.settings)) : checkCode(input.code, options.settings),
        createdAt: new Date().toISOString(),
        createdBy: options.account.email,
        message: versionMessage(input),
      };
      return { fields, latest };
    },
  };
}
