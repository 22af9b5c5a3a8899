/** Typed domain errors: a page turns them into form errors or a toast, the API into JSON. */
export class DomainError extends Error {
  constructor(
    message: string,
    readonly status: number,
  ) {
    super(message);
    this.name = new.target.name;
  }
}

export class NotFoundError extends DomainError {
  constructor(message = "Not found") {
    super(message, 404);
  }
}

export class ValidationError extends DomainError {
  constructor(
    readonly errors: Record<string, string[]>,
    message = "The given data was invalid.",
  ) {
    super(message, 422);
  }
}
