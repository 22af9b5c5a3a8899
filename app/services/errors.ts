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

/** Signed in, but not allowed (a customer on a staff call, an admin on a super-admin action). */
export class ForbiddenError extends DomainError {
  constructor(message = "You do not have permission to do that.") {
    super(message, 403);
  }
}

/** A conflict with the data as it stands: a transition the status does not allow, a stale form. */
export class ConflictError extends DomainError {
  constructor(message: string) {
    super(message, 409);
  }
}

/** An upload over the size limit: nothing is stored. */
export class PayloadTooLargeError extends DomainError {
  constructor(message: string) {
    super(message, 413);
  }
}

/** An upload whose content is not of an allowed type (whatever its name says): nothing is stored. */
export class UnsupportedMediaTypeError extends DomainError {
  constructor(message: string) {
    super(message, 415);
  }
}
