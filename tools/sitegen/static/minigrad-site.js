/* minigrad course site: quizzes that work without a kernel.
 * A quiz (.mg-quiz, written by tools/sitegen/widgets.py) keeps its answer and explanation in
 * a hidden block; a pick marks the choice and shows that block. No network, no libraries. */
(function () {
  "use strict";
  function pick(quiz, button) {
    var answer = quiz.getAttribute("data-answer");
    var chosen = button.getAttribute("data-index");
    quiz.querySelectorAll(".mg-quiz-choice").forEach(function (b) {
      b.classList.remove("mg-picked", "mg-right", "mg-wrong");
      b.setAttribute("aria-pressed", "false");
      if (b.getAttribute("data-index") === answer) b.classList.add("mg-right");
    });
    button.classList.add("mg-picked");
    button.setAttribute("aria-pressed", "true");
    var right = chosen === answer;
    if (!right) button.classList.add("mg-wrong");
    var verdict = quiz.querySelector(".mg-quiz-verdict");
    verdict.textContent = quiz.getAttribute(right ? "data-correct" : "data-wrong");
    verdict.className = "mg-quiz-verdict " + (right ? "mg-right" : "mg-wrong");
    quiz.querySelector(".mg-quiz-result").hidden = false;
    quiz.classList.add("mg-answered");
  }
  function init() {
    document.querySelectorAll(".mg-quiz").forEach(function (quiz) {
      quiz.querySelectorAll(".mg-quiz-choice").forEach(function (button) {
        button.setAttribute("aria-pressed", "false");
        button.addEventListener("click", function () { pick(quiz, button); });
      });
    });
  }
  if (document.readyState === "loading") {
    document.addEventListener("DOMContentLoaded", init);
  } else {
    init();
  }
})();
