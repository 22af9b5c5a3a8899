import { describe, expect, it } from "vitest";
import {
  ACCOUNT_MESSAGES,
  LoginSchema,
  PasswordChangeSchema,
  ProfileSchema,
  RegisterApiSchema,
  RegisterFormSchema,
} from "~/lib/schemas/account";
import { NO_CONTACT } from "../fixtures/accounts";
import { dataOf, errorsOf } from "./schemas";

const goodRegisterForm = {
  firstName: "Ann",
  lastName: "Lee",
  email: "ann@example.com",
  password: "Secret123",
  confirmPassword: "Secret123",
  terms: "on",
};
const goodRegisterApi = {
  name: "Ann Lee",
  email: "ann@example.com",
  password: "Secret123",
  password_confirmation: "Secret123",
};
const goodProfile = { name: "Ann Lee", email: "ann@example.com" };
const goodPasswordChange = {
  current_password: "OldSecret1",
  new_password: "NewSecret1",
  new_password_confirmation: "NewSecret1",
};

describe("the spec's messages", () => {
  it("keeps the exact wording of sections 5 and 8", () => {
    expect(ACCOUNT_MESSAGES).toMatchObject({
      emailRequired: "Email is required",
      emailInvalid: "Please enter a valid email address",
      phone: "Please enter a valid phone number",
      confirmationRequired: "Password confirmation is required",
      passwordsMismatch: "Passwords do not match",
      terms: "You must agree to the terms and conditions",
      currentPasswordRequired: "Current password is required",
      formErrors: "Please fix the errors in the form",
      passwordFormErrors: "Please fix the errors in the password form",
      loginFailed: "Invalid email or password. Please try again.",
      registerFailed: "Registration failed. Please try again.",
      currentPasswordWrong: "Failed to update password. Please check your current password.",
      passwordUpdateError: "An error occurred while updating your password.",
      profileFailed: "Failed to update profile. Please try again.",
      profileError: "An error occurred while updating your profile.",
    });
  });
});

describe("email", () => {
  it.each([
    [undefined, "Email is required"],
    [null, "Email is required"],
    ["", "Email is required"],
    ["   ", "Email is required"],
    ["ann", "Please enter a valid email address"],
    ["ann@", "Please enter a valid email address"],
    ["ann@example", "Please enter a valid email address"],
    ["ann @example.com", "Please enter a valid email address"],
    ["ann@@example.com", "Please enter a valid email address"],
    [`${"a".repeat(250)}@example.com`, "Please enter a valid email address"],
  ])("%j gives %j", (email, message) => {
    expect(errorsOf(LoginSchema, { email, password: "Secret123" }).email).toEqual([message]);
    expect(errorsOf(RegisterApiSchema, { ...goodRegisterApi, email }).email).toEqual([message]);
    expect(errorsOf(RegisterFormSchema, { ...goodRegisterForm, email }).email).toEqual([message]);
    expect(errorsOf(ProfileSchema, { ...goodProfile, email }).email).toEqual([message]);
  });

  it("is trimmed and lowercased", () => {
    expect(dataOf(LoginSchema, { email: "  Ann.Lee@Example.COM ", password: "Secret123" }).email).toBe(
      "ann.lee@example.com",
    );
    expect(dataOf(RegisterApiSchema, { ...goodRegisterApi, email: " ANN@EXAMPLE.COM" }).email).toBe("ann@example.com");
    expect(dataOf(RegisterFormSchema, { ...goodRegisterForm, email: "Ann@Example.com  " }).email).toBe(
      "ann@example.com",
    );
    expect(dataOf(ProfileSchema, { ...goodProfile, email: "\tAnn@Example.com\n" }).email).toBe("ann@example.com");
  });
});

describe("password (new passwords)", () => {
  it.each([
    ["", "Password is required"],
    ["Ab1", "Password must be at least 8 characters long"],
    ["Abcdef1", "Password must be at least 8 characters long"],
    ["ABCDEFG1", "Password must contain at least one lowercase letter"],
    ["abcdefg1", "Password must contain at least one uppercase letter"],
    ["Abcdefgh", "Password must contain at least one number"],
  ])("%j gives %j on the register page and the register API", (password, message) => {
    expect(errorsOf(RegisterFormSchema, { ...goodRegisterForm, password, confirmPassword: password }).password).toEqual(
      [message],
    );
    expect(
      errorsOf(RegisterApiSchema, { ...goodRegisterApi, password, password_confirmation: password }).password,
    ).toEqual([message]);
  });

  it("lists every missing character class at once", () => {
    expect(
      errorsOf(RegisterApiSchema, { ...goodRegisterApi, password: "--------", password_confirmation: "--------" })
        .password,
    ).toEqual([
      "Password must contain at least one lowercase letter",
      "Password must contain at least one uppercase letter",
      "Password must contain at least one number",
    ]);
  });

  it("uses the field's label: the new password of a password change", () => {
    const errors = (new_password: string) =>
      errorsOf(PasswordChangeSchema, { ...goodPasswordChange, new_password, new_password_confirmation: new_password })
        .new_password;
    expect(errors("")).toEqual(["New password is required"]);
    expect(errors("Short1")).toEqual(["New password must be at least 8 characters long"]);
    expect(errors("NOLOWER1")).toEqual(["New password must contain at least one lowercase letter"]);
    expect(errors("noupper1")).toEqual(["New password must contain at least one uppercase letter"]);
    expect(errors("NoNumber")).toEqual(["New password must contain at least one number"]);
  });

  it("is kept exactly as typed: spaces around it are part of it", () => {
    expect(
      dataOf(RegisterApiSchema, { ...goodRegisterApi, password: " Secret123 ", password_confirmation: " Secret123 " })
        .password,
    ).toBe(" Secret123 ");
  });

  it("accepts a password that meets every rule", () => {
    expect(errorsOf(RegisterApiSchema, goodRegisterApi)).toEqual({});
    expect(errorsOf(RegisterFormSchema, goodRegisterForm)).toEqual({});
  });
});

describe("LoginSchema", () => {
  it("needs an email and a password of at least 8 characters", () => {
    expect(errorsOf(LoginSchema, {})).toEqual({ email: ["Email is required"], password: ["Password is required"] });
    expect(errorsOf(LoginSchema, { email: "ann@example.com", password: "short" })).toEqual({
      password: ["Password must be at least 8 characters long"],
    });
  });

  it("does not apply the strength rules to an existing password", () => {
    expect(dataOf(LoginSchema, { email: "ann@example.com", password: "alllowercase" })).toMatchObject({
      password: "alllowercase",
      remember: false,
    });
  });

  it.each([["on"], [true], ["true"], ["1"]])("reads remember %j as ticked", (remember) => {
    expect(dataOf(LoginSchema, { email: "ann@example.com", password: "Secret123", remember }).remember).toBe(true);
  });
});

describe("password confirmation", () => {
  it("is required", () => {
    expect(
      errorsOf(RegisterApiSchema, { ...goodRegisterApi, password_confirmation: "" }).password_confirmation,
    ).toEqual(["Password confirmation is required"]);
    expect(errorsOf(RegisterFormSchema, { ...goodRegisterForm, confirmPassword: undefined }).confirmPassword).toEqual([
      "Password confirmation is required",
    ]);
    expect(
      errorsOf(PasswordChangeSchema, { ...goodPasswordChange, new_password_confirmation: "" })
        .new_password_confirmation,
    ).toEqual(["Password confirmation is required"]);
  });

  it("must equal the password", () => {
    expect(errorsOf(RegisterApiSchema, { ...goodRegisterApi, password_confirmation: "Secret124" })).toEqual({
      password_confirmation: ["Passwords do not match"],
    });
    expect(errorsOf(RegisterFormSchema, { ...goodRegisterForm, confirmPassword: "Secret124" })).toEqual({
      confirmPassword: ["Passwords do not match"],
    });
    expect(errorsOf(PasswordChangeSchema, { ...goodPasswordChange, new_password_confirmation: "NewSecret2" })).toEqual({
      new_password_confirmation: ["Passwords do not match"],
    });
  });

  it("is compared exactly, not trimmed", () => {
    expect(
      errorsOf(RegisterApiSchema, { ...goodRegisterApi, password_confirmation: "Secret123 " }).password_confirmation,
    ).toEqual(["Passwords do not match"]);
  });

  it("shows a mismatch alongside the other fields' errors, so every message appears at once", () => {
    expect(
      errorsOf(RegisterFormSchema, {
        firstName: "",
        lastName: "L",
        email: "nope",
        password: "weakpass",
        confirmPassword: "other",
      }),
    ).toEqual({
      firstName: ["First name is required"],
      lastName: ["Last name must be at least 2 characters long"],
      email: ["Please enter a valid email address"],
      password: ["Password must contain at least one uppercase letter", "Password must contain at least one number"],
      confirmPassword: ["Passwords do not match"],
      terms: ["You must agree to the terms and conditions"],
    });
    expect(
      errorsOf(RegisterApiSchema, { name: "", email: "", password: "Secret123", password_confirmation: "Secret12" }),
    ).toEqual({
      name: ["Name is required"],
      email: ["Email is required"],
      password_confirmation: ["Passwords do not match"],
    });
    expect(
      errorsOf(PasswordChangeSchema, {
        current_password: "",
        new_password: "NewSecret1",
        new_password_confirmation: "x",
      }),
    ).toEqual({
      current_password: ["Current password is required"],
      new_password_confirmation: ["Passwords do not match"],
    });
  });

  it("does not add a mismatch when the confirmation is missing: that one says it is required", () => {
    expect(
      errorsOf(RegisterApiSchema, { ...goodRegisterApi, password_confirmation: "" }).password_confirmation,
    ).toEqual(["Password confirmation is required"]);
  });
});

describe("RegisterFormSchema", () => {
  it("lists every required field of an empty form", () => {
    expect(errorsOf(RegisterFormSchema, {})).toEqual({
      firstName: ["First name is required"],
      lastName: ["Last name is required"],
      email: ["Email is required"],
      password: ["Password is required"],
      confirmPassword: ["Password confirmation is required"],
      terms: ["You must agree to the terms and conditions"],
    });
  });

  it.each([[undefined], [""], ["off"], [false], ["0"]])("refuses terms %j", (terms) => {
    expect(errorsOf(RegisterFormSchema, { ...goodRegisterForm, terms }).terms).toEqual([
      "You must agree to the terms and conditions",
    ]);
  });

  it("trims the names", () => {
    expect(dataOf(RegisterFormSchema, { ...goodRegisterForm, firstName: "  Ann ", lastName: " Lee  " })).toMatchObject({
      firstName: "Ann",
      lastName: "Lee",
      terms: true,
    });
  });
});

describe("names", () => {
  it.each([
    ["", "Name is required"],
    ["   ", "Name is required"],
    ["A", "Name must be at least 2 characters long"],
    ["Ann3", "Name may only contain letters and spaces"],
    ["Ann-Marie", "Name may only contain letters and spaces"],
    ["<b>Ann</b>", "Name may only contain letters and spaces"],
    ["A".repeat(101), "Name may not be longer than 100 characters"],
  ])("%j gives %j", (name, message) => {
    expect(errorsOf(RegisterApiSchema, { ...goodRegisterApi, name }).name).toEqual([message]);
    expect(errorsOf(ProfileSchema, { ...goodProfile, name }).name).toEqual([message]);
  });

  it("uses each field's label on the register page", () => {
    expect(errorsOf(RegisterFormSchema, { ...goodRegisterForm, firstName: "A", lastName: "L3e" })).toEqual({
      firstName: ["First name must be at least 2 characters long"],
      lastName: ["Last name may only contain letters and spaces"],
    });
  });

  it.each([["Ann Lee"], ["Zoë Ñúñez"], ["Saman Perera"], ["සමන්"]])(
    "accepts %j (letters of any alphabet and spaces)",
    (name) => {
      expect(dataOf(ProfileSchema, { ...goodProfile, name }).name).toBe(name);
    },
  );
});

describe("ProfileSchema", () => {
  it("needs only name and email; empty optional fields become null", () => {
    expect(dataOf(ProfileSchema, goodProfile)).toEqual({ name: "Ann Lee", email: "ann@example.com", ...NO_CONTACT });
    const blank = { phone: "", address: "  ", city: "", state: null, zip_code: "", country: "" };
    expect(dataOf(ProfileSchema, { ...goodProfile, ...blank })).toMatchObject(NO_CONTACT);
  });

  it("requires name and email", () => {
    expect(errorsOf(ProfileSchema, {})).toEqual({ name: ["Name is required"], email: ["Email is required"] });
  });

  it("keeps filled fields, trimmed, with the country as its code", () => {
    expect(
      dataOf(ProfileSchema, {
        ...goodProfile,
        phone: " +94 77 123 4567 ",
        address: " 42 Galle Road ",
        city: "St. John's",
        state: "Western-Province",
        zip_code: "00300",
        country: "lk",
      }),
    ).toEqual({
      name: "Ann Lee",
      email: "ann@example.com",
      phone: "+94 77 123 4567",
      address: "42 Galle Road",
      city: "St. John's",
      state: "Western-Province",
      zip_code: "00300",
      country: "LK",
    });
  });

  it("reads a country by name too", () => {
    expect(dataOf(ProfileSchema, { ...goodProfile, country: "Sri Lanka" }).country).toBe("LK");
    expect(dataOf(ProfileSchema, { ...goodProfile, country: "united kingdom" }).country).toBe("GB");
  });

  it("ignores fields that are not profile fields", () => {
    const data = dataOf(ProfileSchema, {
      ...goodProfile,
      id: 1,
      roles: [{ name: "admin" }],
      created_at: "2000-01-01",
      password: "x",
    });
    expect(Object.keys(data).sort()).toEqual([
      "address",
      "city",
      "country",
      "email",
      "name",
      "phone",
      "state",
      "zip_code",
    ]);
  });

  describe("phone", () => {
    it.each([["+94771234567"], ["77 123 4567"], ["(212) 555-0100"], ["1"], ["+1 234.567.8901"], ["1234567890123456"]])(
      "accepts %j",
      (phone) => {
        expect(errorsOf(ProfileSchema, { ...goodProfile, phone })).toEqual({});
      },
    );

    it.each([["0771234567"], ["+0 77 123"], ["12345678901234567"], ["phone"], ["+"], ["12ab34"], ["++94 77"]])(
      "refuses %j with the spec's message",
      (phone) => {
        expect(errorsOf(ProfileSchema, { ...goodProfile, phone }).phone).toEqual(["Please enter a valid phone number"]);
      },
    );
  });

  describe("address", () => {
    it("needs at least 5 characters when filled", () => {
      expect(errorsOf(ProfileSchema, { ...goodProfile, address: "1 Rd" }).address).toEqual([
        "Address must be at least 5 characters long",
      ]);
      expect(errorsOf(ProfileSchema, { ...goodProfile, address: "1 Rd." })).toEqual({});
    });
  });

  describe("city and state", () => {
    it.each([
      ["city", "City"],
      ["state", "State"],
    ])("%s: at least 2 characters of letters, spaces, hyphens, apostrophes and periods", (field, label) => {
      expect(errorsOf(ProfileSchema, { ...goodProfile, [field]: "X" })[field]).toEqual([
        `${label} must be at least 2 characters long`,
      ]);
      expect(errorsOf(ProfileSchema, { ...goodProfile, [field]: "Area 51" })[field]).toEqual([
        `${label} may only contain letters, spaces, hyphens, apostrophes and periods`,
      ]);
      expect(errorsOf(ProfileSchema, { ...goodProfile, [field]: "Colombo_7" })[field]).toEqual([
        `${label} may only contain letters, spaces, hyphens, apostrophes and periods`,
      ]);
      expect(errorsOf(ProfileSchema, { ...goodProfile, [field]: "St. Mary's-Le Bow" })).toEqual({});
    });
  });

  describe("postal code", () => {
    const message = "Please enter a valid postal code (3 to 10 letters, digits, spaces or hyphens)";
    it.each([["00300"], ["SW1A 1AA"], ["123"], ["12345-6789"], ["K1A-0B1"]])("accepts %j", (zip_code) => {
      expect(errorsOf(ProfileSchema, { ...goodProfile, zip_code })).toEqual({});
    });
    it.each([["12"], ["12345678901"], ["123_45"], ["12#45"]])("refuses %j", (zip_code) => {
      expect(errorsOf(ProfileSchema, { ...goodProfile, zip_code }).zip_code).toEqual([message]);
    });
  });

  describe("country", () => {
    it("needs at least 2 characters and a country the shop delivers to", () => {
      expect(errorsOf(ProfileSchema, { ...goodProfile, country: "L" }).country).toEqual([
        "Country must be at least 2 characters long",
      ]);
      expect(errorsOf(ProfileSchema, { ...goodProfile, country: "ZZ" }).country).toEqual([
        "Please choose a country we deliver to",
      ]);
      expect(errorsOf(ProfileSchema, { ...goodProfile, country: "Atlantis" }).country).toEqual([
        "Please choose a country we deliver to",
      ]);
    });
  });

  it("reports every bad optional field at once", () => {
    expect(
      Object.keys(
        errorsOf(ProfileSchema, {
          ...goodProfile,
          phone: "x",
          address: "x",
          city: "x",
          state: "x",
          zip_code: "x",
          country: "x",
        }),
      ).sort(),
    ).toEqual(["address", "city", "country", "phone", "state", "zip_code"]);
  });
});

describe("PasswordChangeSchema", () => {
  it("needs the current password, with the spec's message", () => {
    expect(errorsOf(PasswordChangeSchema, { ...goodPasswordChange, current_password: "" })).toEqual({
      current_password: ["Current password is required"],
    });
  });

  it("lists every required field of an empty body", () => {
    expect(errorsOf(PasswordChangeSchema, {})).toEqual({
      current_password: ["Current password is required"],
      new_password: ["New password is required"],
      new_password_confirmation: ["Password confirmation is required"],
    });
  });

  it("passes a good change through untouched", () => {
    expect(dataOf(PasswordChangeSchema, goodPasswordChange)).toEqual(goodPasswordChange);
  });
});

describe("input that is not a string", () => {
  it("treats non-string values as empty instead of throwing", () => {
    expect(
      errorsOf(RegisterApiSchema, { name: ["Ann"], email: { a: 1 }, password: true, password_confirmation: {} }),
    ).toEqual({
      name: ["Name is required"],
      email: ["Email is required"],
      password: ["Password is required"],
      password_confirmation: ["Password confirmation is required"],
    });
  });

  it("refuses a body that is not an object", () => {
    expect(RegisterApiSchema.safeParse("ann").success).toBe(false);
    expect(LoginSchema.safeParse(null).success).toBe(false);
  });
});
