import type { AssignmentHandInApi } from '../../machines/assignmentHandIn/assignmentHandIn.actors';
import type { LessonPlayerApi } from '../../machines/lessonPlayer/lessonPlayer.actors';
import { contentTypeOfFile } from '../../machines/upload/upload.machine';
import type { QuizTakingApi } from '../../machines/quizTaking/quizTaking.actors';
import type { ScormPlayerApi } from '../../machines/scormPlayer/scormPlayer.actors';
import { unwrap } from './failure';
import { lessonOf, outlineOf } from './playerReads';
import { $school, schoolClient } from './schoolApi';
import { asBlob, sendWithProgress } from './uploadApi';
import type { paths } from './schema.gen';

/**
 * Following a training in the learner area (`/school/stores/{subdomain}/me/trainings…`): the learner's
 * trainings, the player's outline and lessons, progress and quiz answers. Through the learner client of
 * schoolApi.ts (the school's learner token, its 401 ending the learner's session).
 */
export type LearnerTraining = paths['/school/stores/{subdomain}/me/trainings']['get']['responses'][200]['content']['application/json']['data'][number];

/** GET …/me/trainings: the learner's trainings, last opened first. */
export const myTrainingsQuery = (subdomain: string) => $school.queryOptions('get', '/school/stores/{subdomain}/me/trainings', { params: { path: { subdomain } } });

const at = (subdomain: string, slug: string) => ({ subdomain, slug });

/** The player's calls for one training (its uuid); with a preview token, the team's preview (nothing is recorded). */
export function lessonPlayerApi(subdomain: string, trainingUuid: string, previewToken: string | null = null): LessonPlayerApi {
  return {
    loadOutline: (signal) => outlineOf(subdomain, trainingUuid, previewToken, signal),
    loadLesson: (itemId, signal) => lessonOf(subdomain, trainingUuid, itemId, previewToken, signal),
    record: (itemId, progress, signal) =>
      unwrap(
        schoolClient.PUT('/school/stores/{subdomain}/me/trainings/{slug}/items/{itemId}/progress', {
          params: { path: { ...at(subdomain, trainingUuid), itemId } },
          body: progress,
          signal,
        }),
      ),
  };
}

/** The quiz's call for one QUIZ item. */
export function quizTakingApi(subdomain: string, trainingUuid: string, itemId: number): QuizTakingApi {
  return {
    submit: (answers, signal) =>
      unwrap(
        schoolClient.POST('/school/stores/{subdomain}/me/trainings/{slug}/items/{itemId}/quiz/answers', {
          params: { path: { ...at(subdomain, trainingUuid), itemId } },
          body: { answers },
          signal,
        }),
      ),
  };
}

/** The SCORM item's calls: the saved CMI data and each commit of the package (issue 12, SCORM runtime). */
export function scormPlayerApi(subdomain: string, trainingUuid: string, itemId: number): ScormPlayerApi {
  const path = { ...at(subdomain, trainingUuid), itemId };
  return {
    load: (signal) => unwrap(schoolClient.GET('/school/stores/{subdomain}/me/trainings/{slug}/items/{itemId}/scorm', { params: { path }, signal })),
    // Not aborted with the view: a package commits when it closes, often as the learner opens another lesson.
    save: (commit) => unwrap(schoolClient.PUT('/school/stores/{subdomain}/me/trainings/{slug}/items/{itemId}/scorm', { params: { path }, body: commit })),
  };
}

/** GET …/me/trainings/{slug}/certificate: the learner's completion certificate (a PDF). */
export const downloadMyCertificate = (subdomain: string, trainingUuid: string, signal?: AbortSignal) =>
  unwrap(schoolClient.GET('/school/stores/{subdomain}/me/trainings/{slug}/certificate', { params: { path: at(subdomain, trainingUuid) }, parseAs: 'blob', signal })) as Promise<Blob>;

/**
 * The assignment hand-in's calls for one ASSIGNMENT item: a file goes through the upload machinery (an address
 * from POST …/me/uploads, then the PUT of uploadApi.ts), the hand-in through POST …/assignment/submissions.
 */
export function assignmentHandInApi(subdomain: string, trainingUuid: string, itemId: number): AssignmentHandInApi {
  return {
    upload: async (file, signal) => {
      const contentType = contentTypeOfFile(file);
      const target = await unwrap(
        schoolClient.POST('/school/stores/{subdomain}/me/uploads', {
          params: { path: { subdomain } },
          body: { type: 'ASSIGNMENT', filename: file.name.slice(0, 255) || 'fichier', size: file.size, ...(contentType ? { content_type: contentType } : {}) },
          signal,
        }),
      );
      await sendWithProgress({ method: target.method, url: target.upload_url, headers: target.headers, body: asBlob(file), onProgress: () => undefined, signal });
      return { name: file.name.slice(0, 255) || 'fichier', url: target.file_url, size: file.size };
    },
    submit: (body, signal) =>
      unwrap(
        schoolClient.POST('/school/stores/{subdomain}/me/trainings/{slug}/items/{itemId}/assignment/submissions', {
          params: { path: { ...at(subdomain, trainingUuid), itemId } },
          body,
          signal,
        }),
      ),
  };
}

/** GET …/comments: a page of the threads under a lesson. */
export const lessonCommentsQuery = (subdomain: string, trainingUuid: string, itemId: number) =>
  $school.queryOptions('get', '/school/stores/{subdomain}/me/trainings/{slug}/items/{itemId}/comments', {
    params: { path: { ...at(subdomain, trainingUuid), itemId }, query: { per_page: 50 } },
  });

/** POST …/comments: a comment, or a reply under `parentId`. */
export const postLessonComment = (subdomain: string, trainingUuid: string, itemId: number, content: string, parentId?: number) =>
  unwrap(
    schoolClient.POST('/school/stores/{subdomain}/me/trainings/{slug}/items/{itemId}/comments', {
      params: { path: { ...at(subdomain, trainingUuid), itemId } },
      body: { content, ...(parentId ? { parent_id: parentId } : {}) },
    }),
  );

/** POST …/feedback: the learner's rating and/or comment on the lesson. */
export const giveLessonFeedback = (subdomain: string, trainingUuid: string, itemId: number, body: { rating?: number; comment?: string }) =>
  unwrap(
    schoolClient.POST('/school/stores/{subdomain}/me/trainings/{slug}/items/{itemId}/feedback', {
      params: { path: { ...at(subdomain, trainingUuid), itemId } },
      body,
    }),
  );

/** GET …/assignment/comments: the learner's thread with the team about the assignment, oldest first. */
export const assignmentThreadQuery = (subdomain: string, trainingUuid: string, itemId: number) =>
  $school.queryOptions('get', '/school/stores/{subdomain}/me/trainings/{slug}/items/{itemId}/assignment/comments', {
    params: { path: { ...at(subdomain, trainingUuid), itemId } },
  });

/** POST …/assignment/comments: a message to the team about the assignment. */
export const postAssignmentMessage = (subdomain: string, trainingUuid: string, itemId: number, content: string) =>
  unwrap(
    schoolClient.POST('/school/stores/{subdomain}/me/trainings/{slug}/items/{itemId}/assignment/comments', {
      params: { path: { ...at(subdomain, trainingUuid), itemId } },
      body: { content },
    }),
  );
