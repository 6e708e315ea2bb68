import winkNLP from "wink-nlp";
import model from "wink-eng-lite-web-model";
const nlp = winkNLP(model, ["sbd", "pos"]);
const doc = nlp.readDoc("A two-stage procedure for B-spline surfaces, Runge-Kutta methods and the HL7 message format at 380 nm with H/sub 2/ optimization.");
console.log(doc.tokens().out().map((t, i) => t + "/" + doc.tokens().itemAt(i).out(nlp.its.pos) + "/" + doc.tokens().itemAt(i).out(nlp.its.precedingSpaces).length).join(" "));
