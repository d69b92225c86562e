/**
 * A failed call as the machines, the views and the error catalogue see it: the server's error envelope
 * (status, code, message, field errors), or status null for a network failure. The server answers the
 * same envelope (openapi/components/schemas/Error.yaml); the client turns every failure into this shape.
 */
export interface Failure {
  status: number | null;
  code: string | null;
  message: string;
  fieldErrors: Record<string, string[]>;
}
