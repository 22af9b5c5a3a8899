import { describe, expect, it } from "vitest";
import { CONTACT_MESSAGES, ContactSchema, HoneypotSchema } from "~/lib/schemas/contact";
import { errorsOf as schemaErrors } from "./schemas";

/** The field errors a parse gives ({} when it passes). */
const errorsOf = (input: unknown) => schemaErrors(ContactSchema, input);

const good = {
  name: "Ann Lee",
  email: "ann@example.com",
  subject: "A custom bouquet",
  message: "Could you make twelve lavender stems for May?",
};

describe("the contact form's messages", () => {
  it("keeps the spec's wording", () => {
    expect(CONTACT_MESSAGES.sent).toBe("Thank you for your message! We'll get back to you within 24 hours.");
    expect(CONTACT_MESSAGES.failed).toBe("There was an error sending your message. Please try again.");
    expect(CONTACT_MESSAGES.formErrors).toBe("Please fix the errors in the form");
    expect(CONTACT_MESSAGES.phoneHours).toBe("Monday to Friday, 9AM to 6PM EST");
    expect(CONTACT_MESSAGES.replyHint).toContain("within 24 hours");
  });
});

describe("ContactSchema", () => {
  it("passes a complete message, trimmed, the email lowercased", () => {
    const result = ContactSchema.safeParse({
      name: "  Ann Lee ",
      email: " Ann@Example.COM ",
      subject: "  Hello  ",
      message: "  Line one\nline two  ",
      website: "",
    });
    expect(result.success).toBe(true);
    expect(result.data).toEqual({
      name: "Ann Lee",
      email: "ann@example.com",
      subject: "Hello",
      message: "Line one\nline two",
    });
  });

  it("requires every field, with one message each", () => {
    expect(errorsOf({})).toEqual({
      name: ["Name is required"],
      email: ["Email is required"],
      subject: ["Subject is required"],
      message: ["Message is required"],
    });
    expect(errorsOf({ name: "  ", email: " ", subject: "\t", message: "\n " })).toEqual(errorsOf({}));
    expect(errorsOf({ name: null, email: null, subject: null, message: null })).toEqual(errorsOf({}));
  });

  it.each([
    ["A", "Name must be at least 2 characters long"],
    ["Ann 2", "Name may only contain letters and spaces"],
    ["Ann-Marie", "Name may only contain letters and spaces"],
    ["a".repeat(101), "Name may not be longer than 100 characters"],
  ])("name %j gives %j", (name, message) => {
    expect(errorsOf({ ...good, name })).toEqual({ name: [message] });
  });

  it.each(["Ann", "José Núñez", "Zoë"])("name %j passes", (name) => {
    expect(errorsOf({ ...good, name })).toEqual({});
  });

  it.each([
    ["ann", "Please enter a valid email address"],
    ["ann@", "Please enter a valid email address"],
    ["ann@example", "Please enter a valid email address"],
    ["ann @example.com", "Please enter a valid email address"],
  ])("email %j gives %j", (email, message) => {
    expect(errorsOf({ ...good, email })).toEqual({ email: [message] });
  });

  it("limits the subject to 150 characters", () => {
    expect(errorsOf({ ...good, subject: "s".repeat(150) })).toEqual({});
    expect(errorsOf({ ...good, subject: "s".repeat(151) })).toEqual({
      subject: ["Subject may not be longer than 150 characters"],
    });
  });

  it("needs a message of 10 to 5000 characters", () => {
    expect(errorsOf({ ...good, message: "Too short" })).toEqual({
      message: ["Message must be at least 10 characters long"],
    });
    expect(errorsOf({ ...good, message: "Long enough" })).toEqual({});
    expect(errorsOf({ ...good, message: "m".repeat(5000) })).toEqual({});
    expect(errorsOf({ ...good, message: "m".repeat(5001) })).toEqual({
      message: ["Message may not be longer than 5000 characters"],
    });
  });

  it("reads a JSON number as text and any other non-text value as missing", () => {
    expect(errorsOf({ ...good, subject: 42 })).toEqual({});
    expect(errorsOf({ ...good, subject: ["a"], message: { text: "hello there" } })).toEqual({
      subject: ["Subject is required"],
      message: ["Message is required"],
    });
  });
});

describe("HoneypotSchema", () => {
  it.each([
    [{}, false],
    [{ website: "" }, false],
    [{ website: "   " }, false],
    [{ website: null }, false],
    [{ website: "https://spam.example" }, true],
    [{ website: 1 }, true],
    [{ website: true }, true],
  ])("%j is filled: %s", (input, filled) => {
    expect(HoneypotSchema.parse(input).website).toBe(filled);
  });
});
